#!/usr/bin/env python3
"""Rejects translation calls xgettext would mangle or miss: every message passed to tr, trc, trn,
N_ or Plural.counted must be one plain string literal, with no interpolation, no `+` join, no
multi-line or raw string and no \\u{…} escape. Prints each offence as FILE:LINE and exits 1."""
import re
import subprocess
import sys

CALL = re.compile(r"(?<![\w.])(tr|trc|trn|N_)\(|Plural\.counted\(")
MESSAGES = {"tr": [0], "trc": [0, 1], "trn": [0, 1], "N_": [0], "counted": [1, 2]}
PLAIN = re.compile(r'"(?:[^"\\\n]|\\[^u(])*"')


def arguments(text, start):
    """The call's top-level arguments from `start` (just after its opening parenthesis)."""
    depth, args, current, i = 0, [], "", start
    while i < len(text):
        c = text[i]
        if c == '"':
            end = i + 1
            while end < len(text) and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            current += text[i:end + 1]
            i = end + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                args.append(current.strip())
                return args
            depth -= 1
        elif c == "," and depth == 0:
            args.append(current.strip())
            current, i = "", i + 1
            continue
        current += c
        i += 1
    return args


def offences(path):
    text = open(path, encoding="utf-8").read()
    for match in CALL.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        line_end = text.find("\n", match.start())
        if re.search(r"\bfunc\s*$", text[line_start:match.start()]) or "lint: forwards" in text[line_start:line_end]:
            continue  # the function's own declaration, or a wrapper passing on messages checked where it is called
        name = match.group(1) or "counted"
        args = arguments(text, match.end())
        for position in MESSAGES[name]:
            arg = args[position] if position < len(args) else ""
            arg = re.sub(r"^_?\w+:\s*", "", arg) if not arg.startswith('"') else arg
            if arg.startswith('"""') or arg.startswith("#") or not PLAIN.fullmatch(arg):
                line = text.count("\n", 0, match.start()) + 1
                yield f"{path}:{line}: {name}'s message must be one plain literal, not {arg[:60]!r}"


if sys.argv[1:] == ["--self-test"]:
    import tempfile
    bad = ['tr("Departs \\(time)")', 'tr("Departs " + time)', 'trn("a", plural, n)', 'tr(#"raw"#)', 'tr("""\nx\n""")',
           'tr("caf\\u{E9}")', 'Plural.counted(n, "%ld stop", "%ld stops" + s)', 'trc(context, "Due")']
    good = ['tr("Departs %1$@ from %2$@").filled(a, b)', 'trn("%ld coach", "%ld coaches", n)', 'trc("arrival", "Due")',
            'Plural.counted(n, "%ld stop", "%ld stops")', 'tr("“%1$@” is not a number")', 'N_("London buses")']
    for snippet, wanted in [(line, 1) for line in bad] + [(line, 0) for line in good]:
        with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as file:
            file.write(f"let x = {snippet}\n")
        found = len(list(offences(file.name)))
        assert found == wanted, f"{snippet}: {found} offences, wanted {wanted}"
    sys.exit(0)

files = subprocess.run(["git", "ls-files", "Sources/*.swift"], capture_output=True, text=True, check=True).stdout.split()
found = [offence for path in files if not path.endswith("/Translation/Gettext.swift") for offence in offences(path)]
for offence in found:
    print(offence, file=sys.stderr)
sys.exit(1 if found else 0)

"""The pseudo-language the command-line and window tests read Tripboard in, and the one rule both
apply to what it shows ("nothing escapes translation", issue 21).

The catalogue: `scripts/translations.sh pseudo DIR` makes, from the template of the sources as they
are (DIR/template.pot), a language "xx" whose every message is its English wrapped in ⟦…⟧
(placeholders and plural forms kept). Run under it (`environment()` below), a message that went
through the catalogue is bracketed; any other English on screen never went through it.

The rule, mechanical on purpose: take the text a person reads, then
  1. drop what is inside ⟦…⟧ (nested too: a bracketed sentence may hold a bracketed time);
  2. drop the data of services, removed as whole phrases, the longest first (so a stray "Station"
     outside "Oxford Circus Station" still counts):
     - every string value of the demo's data (Sources/TripDemo/Data/*.json: stop, city, station,
       operator and deal names; lower-case one-word values are codes, not words, and are left out);
     - every string literal that holds a space in the demo's simulators (the messages a service
       sends, "Stop \\(letter)", each interpolation matching anything) and in the services' own
       lists the app keeps (Sources/TripCore/*/Known*.swift: cities, tram stops; *BaseMap.swift:
       the places the map draws), and every run of two or more capitalised words in those literals
       (a name: "North Richmond" of "towards North Richmond");
     - the credits the services' terms ask for, word for word (each `ServiceCredit(…)` of
       Sources/TripCore: "Powered by TfL Open Data" and its notice);
  3. drop a whole text GTK, libadwaita or libshumate wrote and translate themselves (a message of
     their own French catalogues, gtk40, libadwaita and shumate1, mnemonics aside, a placeholder
     standing for anything: "400 km" is libshumate's "%d km"; the pseudo-language has no catalogue
     of theirs), unless it is also a msgid of Tripboard's (then it is Tripboard's escape: "Search",
     "Back"), but for GTK_WINDOW_CONTROLS, the header bar's window buttons GTK names in every
     window, and in a window the toolkit builds itself (About: `check(..., toolkit_window=True)`),
     where such a text is the toolkit's;
  4. drop addresses and file paths (https://…, /home/…): shown as they are, never translated;
  5. what is left fails when it holds a word (two letters or more) of the template's English: a
     word of any msgid, placeholders aside, compared without case, but for the PROPER_NAMES below.
Numbers, times, prices, punctuation and words the catalogue never holds (street names, codes such
as a bus's registration "BV68ARE") pass. Dates the locale writes ("Wednesday, November 25") are the
locale's, not the catalogue's, and pass too: no msgid holds a day's or a month's name.
"""
import functools
import glob
import gettext
import json
import os
import re
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOMAIN = "io.github.tripboard.Tripboard"
OPEN, CLOSE = "⟦", "⟧"

# Names that are the same in every language: the app's and the services' (a French catalogue keeps
# them as they are). They are words of msgids, so they would fail without this list.
PROPER_NAMES = {"tripboard", "busbud", "tfl", "tramtracker", "openstreetmap", "geoclue", "london", "melbourne",
                "gnome", "gtk", "libadwaita", "json", "http", "https", "url", "api", "id", "usd", "cad", "eur", "gbp"}

# The window buttons GTK puts in every header bar and names itself (its own catalogue translates
# them): "Close" is also a message of Tripboard's, so rule 3 alone would not set them aside.
GTK_WINDOW_CONTROLS = {"Close", "Minimize", "Maximize", "Restore"}

# A word: letters (an apostrophe inside), not part of a code such as "BV68ARE" or "490000173OC".
WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z’']*[A-Za-z](?![A-Za-z0-9])")
# Two or more capitalised words in a row: a name ("North Richmond" of "towards North Richmond").
NAME_RUN = re.compile(r"\b[A-Z][\w’'.-]*(?: (?:&|[A-Z][\w’'.-]*))+")
PRINTF = re.compile(r"%(?:\d+\$)?[-+ 0#']*\d*(?:\.\d+)?(?:l|ll|h)?[dsuifgx]")
ADDRESS = re.compile(r"\b[a-z]+://\S+|(?<!\w)~?/[\w.-]+(?:/[\w.-]*)+")
PLACEHOLDER = re.compile(r"%(\d+\$)?[-+ 0#]*\d*(l|ll)?[@dsfu]|%%")


@functools.lru_cache(maxsize=None)
def catalogue():
    """The folder holding the pseudo-language's compiled catalogue (made once a test run)."""
    folder = tempfile.mkdtemp(prefix="tripboard-pseudo-")
    subprocess.run([os.path.join(ROOT, "scripts", "translations.sh"), "pseudo", folder], check=True,
                   capture_output=True, text=True)
    return folder


def environment():
    """The variables that run Tripboard in the pseudo-language (its catalogue in a folder of its own;
    a UTF-8 English locale for the formats, since gettext ignores LANGUAGE under "C")."""
    return {"TRIPBOARD_LOCALEDIR": catalogue(), "LANGUAGE": "xx", "LANG": "en_US.UTF-8", "LC_ALL": None,
            "LC_MESSAGES": None}


def outside_brackets(text):
    """`text` without what is inside ⟦…⟧, nested or not."""
    depth, kept = 0, []
    for character in text:
        if character == OPEN:
            depth += 1
            kept.append(" ")
        elif character == CLOSE and depth:
            depth -= 1
            kept.append(" ")
        elif depth == 0:
            kept.append(character)
    return "".join(kept)


@functools.lru_cache(maxsize=None)
def english_vocabulary():
    """Every word of the template's msgids (singular and plural), lower-cased."""
    words = set()
    template = open(os.path.join(catalogue(), "template.pot"), encoding="utf-8").read()
    for entry in re.split(r"\n\n", template):
        text = "".join(re.findall(r'^(?:msgid|msgid_plural)? ?"(.*)"$', "\n".join(
            line for line in entry.splitlines() if not line.startswith(("msgstr", "#", "msgctxt"))), re.M))
        words.update(word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text.replace("\\n", " "))))
    return frozenset(words - PROPER_NAMES)


def _string_values(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _string_values(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _string_values(item)


@functools.lru_cache(maxsize=None)
def service_phrases():
    """The services' data as one pattern of whole phrases, the longest first."""
    return re.compile("|".join(service_phrase_patterns()))


@functools.lru_cache(maxsize=None)
def service_phrase_patterns():
    """The services' data, each phrase a pattern of its own, the longest first."""
    phrases = set()
    for path in glob.glob(os.path.join(ROOT, "Sources", "TripDemo", "Data", "**", "*.json"), recursive=True):
        with open(path, encoding="utf-8") as file:
            for value in _string_values(json.load(file)):
                if WORD.search(value) and not re.fullmatch(r"[a-z_]+", value):
                    phrases.add(re.escape(value))
    for path in glob.glob(os.path.join(ROOT, "Sources", "TripCore", "**", "*.swift"), recursive=True):
        for credit in re.findall(r"ServiceCredit\((?:[^()]|\([^()]*\))*\)", open(path, encoding="utf-8").read()):
            # A notice may be literals joined with "+": each is a phrase of its own.
            phrases.update(re.escape(literal.strip()) for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', credit)
                           if WORD.search(literal) and "://" not in literal)
    sources = glob.glob(os.path.join(ROOT, "Sources", "TripDemo", "*.swift")) + \
        glob.glob(os.path.join(ROOT, "Sources", "TripCore", "*", "Known*.swift")) + \
        glob.glob(os.path.join(ROOT, "Sources", "TripCore", "*", "*BaseMap.swift"))
    for path in sources:
        source = open(path, encoding="utf-8").read()
        for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', source):
            parts = re.split(r"\\\((?:[^()]|\([^()]*\))*\)", literal)
            if " " not in literal or not WORD.search(" ".join(parts)):  # words of its own, not only values
                continue
            phrases.add(".+?".join(re.escape(part.replace("\\\"", "\"")) for part in parts))
            phrases.update(re.escape(name) for name in NAME_RUN.findall(literal))
    return [rf"(?<![A-Za-z]){phrase}(?![A-Za-z])" for phrase in sorted(phrases, key=len, reverse=True)]


@functools.lru_cache(maxsize=None)
def toolkit_catalogue():
    """Every message GTK, libadwaita and libshumate translate themselves (their French
    catalogues' msgids, mnemonics taken out): the plain ones, and one pattern of those with
    placeholders."""
    plain, patterns = set(), []
    for name in ("gtk40", "libadwaita", "shumate1"):
        try:
            translation = gettext.translation(name, "/usr/share/locale", languages=["fr"])
        except OSError:
            continue
        for key in translation._catalog:
            key = key[0] if isinstance(key, tuple) else key
            message = key.split("\x04")[-1].replace("_", "")
            if "%" in message:
                parts = PRINTF.split(message)
                if WORD.search(" ".join(parts)):  # "%s" alone, or "%d:%02d", would stand for anything
                    patterns.append(".+?".join(re.escape(part) for part in parts))
            elif message:
                plain.add(message)
    return frozenset(plain), re.compile("|".join(patterns) or "(?!)")


def toolkit_wrote(text, all_of_it=False):
    """Whether `text` is a whole message of the toolkit's (one of Tripboard's too only when
    `all_of_it`)."""
    plain, pattern = toolkit_catalogue()
    if not all_of_it and text in template_messages():
        return False
    return text in plain or pattern.fullmatch(text) is not None


@functools.lru_cache(maxsize=None)
def template_messages():
    """The template's msgids (singular forms), as written."""
    template = open(os.path.join(catalogue(), "template.pot"), encoding="utf-8").read()
    found = set()
    for entry in template.split("\n\n"):
        lines = entry.splitlines()
        text, inside = [], False
        for line in lines:
            if line.startswith("msgid "):
                inside = True
                line = line[6:]
            elif not line.startswith('"'):
                inside = False
                continue
            if inside:
                text.append(line)
        if text:
            found.add(json.loads("[" + ",".join(text) + "]") and "".join(json.loads("[" + ",".join(text) + "]")))
    return frozenset(found)


def escapes(text, toolkit_window=False):
    """The English words of `text` outside brackets, by the rule above (an empty list when none)."""
    if not text or text in GTK_WINDOW_CONTROLS or toolkit_wrote(text, all_of_it=toolkit_window):
        return []
    rest = ADDRESS.sub(" ", service_phrases().sub(" ", outside_brackets(text)))
    vocabulary = english_vocabulary()
    return [word for word in WORD.findall(rest) if word.lower() in vocabulary]


def check_document(text, where=""):
    """`check` for a text of many lines where a message may run over several (a --help): the
    brackets are matched across the whole text, then each line is checked."""
    check(outside_brackets(text).splitlines(), where)


def check(texts, where="", toolkit_window=False):
    """Fails listing each text (of `texts`) with English outside brackets and the words that are."""
    found = {}
    for text in texts:
        words = escapes(text, toolkit_window)
        if words:
            found[text] = words
    assert not found, f"{where}: English outside brackets:\n" + "\n".join(
        f"  {text!r}: {', '.join(words)}" for text, words in found.items())

#!/usr/bin/env python3
"""Writes scripts/startup.order: every function of the release binary that runs from the window's
start until its Deals are shown, one mangled name a line, in the order of callgrind's profile: those
of the usual launch (state kept from a launch before) first, then those only the very first launch
runs (making the database, fetching the deals and their pictures), then those only the usual launch
in French runs (its catalogue, French formats); then those a search runs and none of these launches
did (the Search tab, a live request, its pages read and merged, their rows), so that a search's
code too sits in few blocks rather than spread among the rest.

The release link (the Makefile's RELEASE) hands the file to lld as its --symbol-ordering-file, so
those functions sit side by side instead of spread over its 25 MB of code. The
kernel maps a binary's code 64 KiB around each page first touched: packed together, the start-up
touches fewer such blocks, which keeps the window smaller and its start quicker. A function named
here that no longer exists is skipped, and one missing from the file is placed as before, so a
stale file costs only speed; run `make startup-order` after large changes to what runs at start.

Needs valgrind, and a display (scripts/with-display.sh); the Makefile target gives it both:
    scripts/startup-order.py .build/release/tripboard
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "Tests", "e2e"), os.path.join(ROOT, "Tests", "support")]
import harness  # noqa: E402 (after the path)
from harness import cpu_ticks  # noqa: E402

OUT = os.path.join(ROOT, "scripts", "startup.order")


def main(binary):
    scratch = tempfile.mkdtemp(prefix="tripboard-order-")
    # valgrind reads no DWARF 5, so it gets a copy without the debug sections (its symbol table,
    # which names the functions, stays). Beside the original, it finds the same resources.
    copy = os.path.join(os.path.dirname(os.path.abspath(binary)), "tripboard-startup-order")
    subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    marks = os.path.join(scratch, "marks")
    environment = {k: v for k, v in os.environ.items() if not k.startswith("TRIPBOARD_")}
    environment.update(TRIPBOARD_DATA_DIR=os.path.join(scratch, "data"), TRIPBOARD_CACHE_DIR=os.path.join(scratch, "cache"),
                       XDG_CACHE_HOME=os.path.join(scratch, "xdg-cache"), TRIPBOARD_STARTUP_LOG=marks)
    try:
        # The very first launch makes the database and keeps the deals; the usual launch after it
        # opens the window as a returning person does. Each is profiled into a folder of its own.
        # Then the usual launch in French, whose words and formats run code English does not.
        profiles = []
        english = {"LANGUAGE": "en", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
        french = {"LANGUAGE": "fr", "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8"}
        for launch, words in (("first", english), ("usual", english), ("french", french)):
            os.makedirs(os.path.join(scratch, launch))
            profile = os.path.join(scratch, launch, "callgrind.out")
            profiles.append(profile)
            if os.path.exists(marks):
                os.remove(marks)
            app = subprocess.Popen([*callgrind(profile), copy, "--tab", "deals"], env=dict(environment, **words),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                wait_until_settled(app, marks)
            finally:
                app.terminate()
                app.wait()
        # Then a search: the window on its Search tab finding 10,000 departures of a live-shaped
        # service (the bench's), as the memory of the window after a search is measured.
        os.makedirs(os.path.join(scratch, "search"))
        profiles.append(os.path.join(scratch, "search", "callgrind.out"))
        profile_search(copy, english, profiles[-1])
        first, usual, in_french, searching = (functions(profile, os.path.basename(copy)) for profile in profiles)
        names = list(usual)
        seen = set(names)
        for more in (first, in_french, searching):
            names += [name for name in more if name not in seen]
            seen.update(more)
    finally:
        os.remove(copy)
        shutil.rmtree(scratch, ignore_errors=True)
    with open(OUT, "w") as out:
        out.writelines(name + "\n" for name in names)
    print(f"{OUT}: {len(names)} functions ({len(usual)} of the usual launch, then {len(names) - len(usual)} only the first "
          "launch, the French one or a search runs)")


def callgrind(profile):
    """Valgrind's command that profiles a program into `profile`, its names as the binary has them."""
    return ["valgrind", "--tool=callgrind", "--demangle=no", "--dump-instr=no", "--compress-strings=no",
            "--compress-pos=no", f"--callgrind-out-file={profile}"]


def profile_search(copy, words, profile):
    """The window under callgrind through a search, driven over the accessibility bus as a person
    would: launched on Search, Search pressed once against Benchmarks/busbud_server.py (10,000
    departures in 5 pages), then left until its rows are shown and it sleeps."""
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Benchmarks", "busbud_server.py"), "10000", "5"],
                              stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    harness.patience = 60
    try:
        app = harness.App(command=[*callgrind(profile), copy], args=("--tab", "search"),
                          TRIPBOARD_BUSBUD_URL=f"http://127.0.0.1:{port}", TRIPBOARD_BUSBUD_TOKEN="order",
                          TRIPBOARD_NOW="2026-11-23T04:00:00Z", **words)
        try:
            view = harness.wait_for("the Search view", lambda: harness.find(app.window, "panel", "Search form and results"))
            harness.wait_for("the Search button", lambda: harness.find(view, "push button", "Search")).doActionNamed("click")
            server.stdout.readline()  # its last page sent
            wait_until_settled(app.process, None, longest=600)
        finally:
            # SIGTERM quits the app as its window closing does, so callgrind writes its profile (a
            # kill would lose it).
            app.process.terminate()
            app.process.wait()
    finally:
        harness.patience = 1.0
        server.terminate()
        server.wait()


def wait_until_settled(app, marks, quiet=5, longest=120):
    """Until the window has painted its first frame (once `marks` exists, when it is given) and
    then used no CPU for `quiet` seconds in a row: what it shows is shown, and it sleeps (an idle
    window wakes for nothing). Under callgrind, 50 times slower, the window was seen drawing frame
    after frame and never going idle: `longest` seconds after the first frame are then enough."""
    while marks and not os.path.exists(marks):
        if app.poll() is not None:
            sys.exit(f"the window ended ({app.returncode}) before its first frame")
        time.sleep(0.5)
    last, still, end = cpu_ticks(app.pid), 0, time.monotonic() + longest
    while still < quiet and time.monotonic() < end:
        time.sleep(1)
        now = cpu_ticks(app.pid)
        still = still + 1 if now == last else 0
        last = now


def functions(profile, binary_name):
    """The functions of `binary_name` that ran, from callgrind's profile (and the parts it wrote
    when the process ended), first met first."""
    names, seen = [], set()
    parts = sorted(path for path in os.listdir(os.path.dirname(profile)) if path.startswith("callgrind.out"))
    for part in parts:
        obj = None
        with open(os.path.join(os.path.dirname(profile), part), errors="replace") as lines:
            for line in lines:
                if line.startswith("ob="):
                    obj = line[3:].strip()
                elif line.startswith("fn=") and obj and os.path.basename(obj) == binary_name:
                    # callgrind marks a function's recursive or cycle copies with 'N.
                    name = line[3:].strip().split("'")[0]
                    if name not in seen:
                        seen.add(name)
                        names.append(name)
    return names


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "tripboard"))

"""`make bench`: Tripboard's figures beside their yardsticks, measured in the same run, alternating
runs of each and reporting medians. Prints a table and writes it to Benchmarks/results.md.
Asserts nothing: a benchmark prints, a test checks. Run inside scripts/with-display.sh (make bench
does), with a release build at .build/release/tripboard. `run.py NAME…` measures only the named
figures (e.g. "idle tabs") and writes nothing.

Yardsticks are built here: an empty GTK 4 window from Benchmarks/empty-window.c and an empty
libadwaita window (AdwApplication, AdwApplicationWindow) from Benchmarks/empty-adw-window.c, measured
the same way, so that the window's start-up and memory read against like; the same list of 10,000 rows in plain GTK from Benchmarks/list-window.c, and a Python client parsing with orjson
(from PyPI, in a virtual environment under .build/bench-venv).

The map of stops is measured the same way: panning it with 300 pins in the real window beside a
plain ShumateMap in C (Benchmarks/map-window.c) panned along the same path, with no pins and with
300 plain button markers; and the window's memory with the map open beside the same window just
before it opened.

With TRIPBOARD_BENCH_BEFORE=PATH (an older release build of tripboard), memory also
measures that binary, in the same alternating runs, as "Tripboard before": a before-and-after figure."""
import datetime
import hashlib
import json
import math
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.join(ROOT, "Benchmarks")
BUILD = os.path.join(ROOT, ".build", "bench")
BIN = os.path.join(ROOT, ".build", "release", "tripboard")
# The window as a returning person opens it: on Deals, never the welcome a new data folder shows.
WINDOW = [BIN, "--tab", "deals"]
RUNS = int(os.environ.get("RUNS", "7"))
# Start-up moves by 10-30 % from one launch to the next (the accessibility bus's daemons and the X
# server share the two cores): its medians take three times as many launches.
STARTUP_RUNS = int(os.environ.get("STARTUP_RUNS", str(3 * RUNS)))
# Favourites' idle 30 s and its yardstick's, in turn: a single one moves from 32 to 54 ms (the
# yardstick) and from 46 to 97 ms (Favourites, whose 30 s hold a refresh) from run to run.
IDLE_RUNS = 5
BEFORE = os.environ.get("TRIPBOARD_BENCH_BEFORE")
# Seconds from a launch after which no deadline armed by the start-up is left: GDBus's default
# timeout for a call (25 s), and a second to spare.
STARTUP_DEADLINE = 26


def log(text):
    print(text, file=sys.stderr, flush=True)


def prepare():
    os.makedirs(BUILD, exist_ok=True)
    empty = os.path.join(BUILD, "empty-window")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], check=True, capture_output=True,
                           text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", empty, os.path.join(HERE, "empty-window.c"), *flags], check=True)
    adw_flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libadwaita-1"], check=True, capture_output=True,
                               text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", os.path.join(BUILD, "empty-adw-window"), os.path.join(HERE, "empty-adw-window.c"),
                    *adw_flags], check=True)
    subprocess.run(["gcc", "-O2", "-o", os.path.join(BUILD, "list-window"), os.path.join(HERE, "list-window.c"), *flags],
                   check=True)
    shumate_flags = subprocess.run(["pkg-config", "--cflags", "--libs", "shumate-1.0"], check=True, capture_output=True,
                                   text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-o", os.path.join(BUILD, "map-window"), os.path.join(HERE, "map-window.c"),
                    *shumate_flags, "-lm"], check=True)
    venv = os.path.join(ROOT, ".build", "bench-venv")
    python = os.path.join(venv, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    installed = subprocess.run([python, "-c", "import orjson"], capture_output=True).returncode == 0
    if not installed:
        # Without a network (and without a wheel in pip's find-links) the orjson yardstick is
        # left out, said in the table, rather than the whole run failing.
        installed = subprocess.run([python, "-m", "pip", "install", "--quiet", "--timeout", "10", "--retries", "0",
                                    "orjson"]).returncode == 0
    return empty, python if installed else None


def scratch_environment(**extra):
    home = tempfile.mkdtemp(prefix="tripboard-bench-")
    env = dict(os.environ, TRIPBOARD_DATA_DIR=os.path.join(home, "data"), TRIPBOARD_CACHE_DIR=os.path.join(home, "cache"),
               GSK_RENDERER="cairo")
    env.update(extra)
    return env


def timed(command, env=None, stdout=subprocess.DEVNULL):
    """Runs `command`; returns (wall ms, CPU ms of the process and its children, stdout bytes)."""
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE if stdout is None else stdout)
    output = process.stdout.read() if stdout is None else b""
    _, status, usage = os.wait4(process.pid, 0)
    wall = (time.monotonic() - started) * 1000
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{command[0]} exited with {os.waitstatus_to_exitcode(status)}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000, output


def alternate(name_a, run_a, name_b, run_b, runs=RUNS):
    """Runs a and b in turn `runs` times each (after one warm-up of each); returns their results."""
    return in_turn({name_a: run_a, name_b: run_b}, runs)


def in_turn(commands, runs=RUNS):
    """Runs each of `commands` (name: function) in turn, `runs` rounds (after one warm-up round);
    returns each one's results by name."""
    for run in commands.values():
        run()
    results = {name: [] for name in commands}
    for _ in range(runs):
        for name, run in commands.items():
            results[name].append(run())
    return results


def median(values):
    return statistics.median(values)


def p99(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return {line.split(":")[0]: int(line.split()[1]) for line in status if line.startswith(("VmRSS", "VmHWM"))}


def pss_kib(pid):
    """Proportional set size: resident memory with each shared page divided among its sharers."""
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        return next(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))


def memory_kib(pid):
    """(RSS, PSS) of `pid` now."""
    return rss_kib(pid)["VmRSS"], pss_kib(pid)


def by_thread(pid, name, read):
    """`read` applied to the file `name` of each thread of `pid` (/proc/PID/task/*/NAME), by thread;
    a thread that ends meanwhile is left out."""
    values = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/{name}") as file:
                values[task] = read(file)
        except FileNotFoundError:
            pass
    return values


def switches(pid):
    """Context switches of each thread of `pid` so far: each is a wake-up or a preemption."""
    return by_thread(pid, "status", lambda status: sum(int(line.split()[1]) for line in status if "ctxt_switches" in line))


def cpu_ns(pid):
    """Each thread's time on a CPU so far, in nanoseconds as the scheduler counts it (schedstat), where
    /proc/PID/stat counts whole 10 ms ticks, too coarse for the few milliseconds an idle window spends."""
    return by_thread(pid, "schedstat", lambda stat: int(stat.read().split()[0]))


def idle_for(pid, seconds=30):
    """CPU (ms) and wake-ups of process `pid`'s threads over the next `seconds`."""
    cpu, before = cpu_ns(pid), switches(pid)
    time.sleep(seconds)
    return since(cpu, cpu_ns(pid)) / 1e6, since(before, switches(pid))


def since(before, after):
    """What two `by_thread` readings differ by: of threads seen twice, and of threads born since (one
    that ended between them is not counted)."""
    return sum(value - before.get(task, 0) for task, value in after.items())


# MARK: - The figures

def launched(command, env):
    """Launches `command` (which quits after its first frame) and reads the moments it writes to
    TRIPBOARD_STARTUP_LOG; returns milliseconds from the spawn: {"main": …, "built": …, "frame": …}."""
    marks = os.path.join(env["TRIPBOARD_BENCH_TMP"], "startup.log")
    if os.path.exists(marks):
        os.remove(marks)
    env = dict(env, TRIPBOARD_STARTUP_LOG=marks)
    spawned = time.monotonic()  # CLOCK_MONOTONIC, the clock the marks are on
    timed(command, env)
    with open(marks) as lines:
        return {name: (float(seconds) - spawned) * 1000 for name, seconds in (line.split() for line in lines)}


def startup_environment(**extra):
    """A scratch environment for one side of the start-up figure (its data, its cache, a place for
    its marks); every side gets one made the same way."""
    env = scratch_environment(TRIPBOARD_EXIT_AFTER_FIRST_FRAME="1", **extra)
    env["TRIPBOARD_BENCH_TMP"] = os.path.dirname(env["TRIPBOARD_DATA_DIR"])
    return env


CONDITIONS = [("with the accessibility bus", {}), ("without it (GTK_A11Y=none)", {"GTK_A11Y": "none"})]


def startup(empty):
    """Start to first painted frame, from the spawn to the first frame's "after-paint" as each process
    marks it, under two conditions: with the accessibility bus up (as the window tests and a desktop
    run it) and without it (GTK_A11Y=none). Each condition measures the usual launch (each side's
    state kept from its previous run: Tripboard opens on Deals with its settings, favourites and kept
    deals, as a person opens it every day) and the very first launch (each side in a new scratch
    environment every run; Tripboard makes its database and opens on the welcome). The two sides of
    a ratio always run in environments made the same way, alternating, after a warm-up each. The split
    says where the time goes: spawn to `main`, `main` to the window built, built to the first frame."""
    adw = os.path.join(BUILD, "empty-adw-window")
    sides = {"tripboard": WINDOW, "empty": [empty], "empty adw": [adw]}
    rows = []
    for condition, extra in CONDITIONS:
        usual = {name: startup_environment(**extra) for name in sides}
        commands = {name: (lambda name=name: launched(sides[name], usual[name])) for name in sides}
        warm = in_turn(commands, STARTUP_RUNS)
        first = in_turn({"tripboard": lambda: launched([BIN], startup_environment(**extra)),
                         "empty": lambda: launched([empty], startup_environment(**extra)),
                         "empty adw": lambda: launched([adw], startup_environment(**extra))}, STARTUP_RUNS)

        def at(results, mark="frame"):
            return median([marks[mark] for marks in results])

        def split(results):
            return (f"{at(results, 'main'):.0f} + {at(results, 'built') - at(results, 'main'):.0f} + "
                    f"{at(results, 'frame') - at(results, 'built'):.0f} ms")

        a, b, c = at(warm["tripboard"]), at(warm["empty"]), at(warm["empty adw"])
        f, g, h = at(first["tripboard"]), at(first["empty"]), at(first["empty adw"])
        rows += [(f"Start to first frame, usual launch (on Deals), {condition}", f"{a:.0f} ms",
                  "empty GTK 4 window", f"{b:.0f} ms", a / b, "≤ 1.2×"),
                 (f"Start to first frame, usual launch (on Deals), {condition}", f"{a:.0f} ms",
                  "empty libadwaita window", f"{c:.0f} ms", a / c, "≤ 1.2×"),
                 (f"… split: spawn to main + main to window built + built to first frame, {condition}",
                  split(warm["tripboard"]), "empty GTK 4 window", split(warm["empty"]), None, "—"),
                 (f"… split against the libadwaita window, {condition}",
                  split(warm["tripboard"]), "empty libadwaita window", split(warm["empty adw"]), None, "—"),
                 (f"Start to first frame, very first launch (making its database; the welcome), {condition}",
                  f"{f:.0f} ms", "empty GTK 4 window, first launch", f"{g:.0f} ms", f / g, "≤ 1.4×"),
                 (f"Start to first frame, very first launch (making its database; the welcome), {condition}",
                  f"{f:.0f} ms", "empty libadwaita window, first launch", f"{h:.0f} ms", f / h, "≤ 1.4×"),
                 (f"… split, very first launch, {condition}", split(first["tripboard"]),
                  "empty GTK 4 window, first launch", split(first["empty"]), None, "—"),
                 (f"… split, very first launch, against the libadwaita window, {condition}", split(first["tripboard"]),
                  "empty libadwaita window, first launch", split(first["empty adw"]), None, "—")]
    return rows


FRENCH = {"LANGUAGE": "fr", "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8"}


def languages():
    """The usual launch (without the accessibility bus) and the 10,000-departure search's CPU in
    French beside the same in English, alternating, each side with its own kept environment."""
    english = {"LANGUAGE": "en", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "GTK_A11Y": "none"}
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "busbud_server.py"), "10000", "5"],
                              stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    try:
        command = [BIN, "departures", "--origin", "dr5reg", "--destination", "f25dvk", "--date", "2026-11-23",
                   "--base-url", f"http://127.0.0.1:{port}", "--now", "2026-11-23T04:00:00Z"]
        envs = {name: scratch_environment(TRIPBOARD_BUSBUD_TOKEN="bench", **words)
                for name, words in (("en", english), ("fr", FRENCH))}
        # Without its compiled catalogue (`make locale`) the app speaks English in fr_FR's
        # formats, and the French rows would measure that.
        heading = timed(command, envs["fr"], stdout=None)[2].split(b"\n", 1)[0].decode()
        if not heading.startswith("DÉPART"):
            raise SystemExit(f"the search in French is not in French (its table starts {heading[:40]!r}): run `make locale`")
        cpu = in_turn({name: (lambda env=env: timed(command, env)[1]) for name, env in envs.items()}, runs=RUNS)
    finally:
        server.terminate()
        server.wait()
    sides = {"en": startup_environment(**english), "fr": startup_environment(**dict(FRENCH, GTK_A11Y="none"))}
    started = in_turn({name: (lambda env=env: launched(WINDOW, env)["frame"]) for name, env in sides.items()}, STARTUP_RUNS)
    return [("Start to first frame, usual launch, in French (LANGUAGE=fr, fr_FR.UTF-8)", f"{median(started['fr']):.0f} ms",
             "the same in English", f"{median(started['en']):.0f} ms", median(started["fr"]) / median(started["en"]),
             "≤ 1.05×"),
            ("10,000-departure search (the table, not --json), CPU, in French", f"{median(cpu['fr']):.0f} ms",
             "the same in English", f"{median(cpu['en']):.0f} ms", median(cpu["fr"]) / median(cpu["en"]), "≤ 1.05×")]


def window_memory(empty):
    """RSS of the window with Deals loaded, and both empty windows idle (the build before libadwaita
    too, when TRIPBOARD_BENCH_BEFORE names it, with its Deals loaded: alone, after the others, as
    it has the same application id); then idle CPU and wake-ups."""
    rows = []
    samples = {"tripboard": [], "empty": [], "empty adw": [], "before": []}
    idle = []
    adw = os.path.join(BUILD, "empty-adw-window")
    for _ in range(3):
        launched_at = time.monotonic()
        app = subprocess.Popen(WINDOW, env=scratch_environment(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        others = {"empty": [empty, "--stay"], "empty adw": [adw, "--stay"]}
        started = {name: subprocess.Popen(command, env=scratch_environment(), stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL) for name, command in others.items()}
        time.sleep(5)  # Deals loads and its pictures arrive
        samples["tripboard"].append(rss_kib(app.pid)["VmRSS"])
        for name, process in started.items():
            samples[name].append(rss_kib(process.pid)["VmRSS"])
        time.sleep(max(0, STARTUP_DEADLINE - (time.monotonic() - launched_at)))
        idle.append(idle_for(app.pid))
        for process in (app, *started.values()):
            process.terminate()
            process.wait()
        if BEFORE:
            # The same application id: one instance at a time, so on its own, after the others.
            before_app = subprocess.Popen([BEFORE], env=scratch_environment(), stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL)
            time.sleep(5)
            samples["before"].append(rss_kib(before_app.pid)["VmRSS"])
            before_app.terminate()
            before_app.wait()
    a, b, c = (median(samples[name]) / 1024 for name in ("tripboard", "empty", "empty adw"))
    rows.append(("Window memory, Deals loaded (RSS)", f"{a:.0f} MiB", "empty GTK 4 window", f"{b:.0f} MiB", a / b, "≤ 1.3×"))
    rows.append(("Window memory, Deals loaded (RSS)", f"{a:.0f} MiB", "empty libadwaita window", f"{c:.0f} MiB", a / c,
                 "≤ 1.3×"))
    rows.append(("Window memory: the empty libadwaita window (RSS)", f"({c:.0f} MiB)", "empty GTK 4 window", f"{b:.0f} MiB",
                 c / b, "—"))
    if BEFORE:
        d = median(samples["before"]) / 1024
        rows.append(("Window memory, Deals loaded, after libadwaita against before (RSS)", f"{a:.0f} MiB",
                     "Tripboard before libadwaita", f"{d:.0f} MiB", a / d, "—"))
    cpu = median([c for c, _ in idle])
    wakeups = median([w for _, w in idle])
    rows.append(("Idle on Deals, 30 s", f"{cpu:.1f} ms CPU, {wakeups:.0f} wake-ups", "—", "—", None, "zero"))
    return rows


def big_search(python):
    """`tripboard departures --json` over 10,000 departures in 5 pages, against the orjson client."""
    if python is None:
        return [("10,000-departure search", "not measured", "orjson client", "orjson could not be installed here", None, "≤ 2×")]
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "busbud_server.py"), "10000", "5"],
                              stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    try:
        base = f"http://127.0.0.1:{port}"
        env = scratch_environment(TRIPBOARD_BUSBUD_TOKEN="bench")
        command = [BIN, "departures", "--json", "--origin", "dr5reg", "--destination", "f25dvk", "--date", "2026-11-23",
                   "--base-url", base, "--now", "2026-11-23T04:00:00Z"]
        outputs = set()

        def tripboard():
            wall, cpu, output = timed(command, env, stdout=None)
            outputs.add(hashlib.sha256(output).hexdigest())
            return wall, cpu, output

        client_ids = []

        def orjson_client():
            wall, cpu, output = timed([python, os.path.join(HERE, "orjson_client.py"), str(port)], stdout=None)
            client_ids.append([item["id"] for item in json.loads(output)])
            return wall, cpu, output

        results = alternate("tripboard", tripboard, "orjson", orjson_client, runs=RUNS)
        ours = [item["id"] for item in json.loads(results["tripboard"][-1][2])]
        same = "identical on every run" if len(outputs) == 1 else f"{len(outputs)} different outputs"
        agrees = "same departures in the same order" if ours == client_ids[-1] else "DIFFERENT departures"
        log(f"big search: Tripboard's output {same}; {len(ours)} departures, {agrees} as the orjson client")
        cpu_a, cpu_b = median([r[1] for r in results["tripboard"]]), median([r[1] for r in results["orjson"]])
        wall_a, wall_b = median([r[0] for r in results["tripboard"]]), median([r[0] for r in results["orjson"]])
        return [("10,000-departure search, CPU", f"{cpu_a:.0f} ms", "orjson client", f"{cpu_b:.0f} ms", cpu_a / cpu_b, "≤ 1.3×"),
                ("10,000-departure search, wall (with 4 poll waits of 1 s)", f"{wall_a:.0f} ms", "orjson client (no waits)",
                 f"{wall_b:.0f} ms", wall_a / wall_b, "—")]
    finally:
        server.terminate()
        server.wait()


def favourites_refresh():
    """Refreshing 20 favourite stops against a demo that answers each request after 200 ms, against
    one stop. (The warm-up run keeps TramTracker's device token, as a second launch would.)"""
    with open(os.path.join(ROOT, "Sources", "TripDemo", "Data", "tfl", "london.json")) as data:
        # Every London stop the demo knows (14), then Melbourne tram stops to make 20.
        stops = [("tfl", stop["id"]) for area in json.load(data)["areas"] for stop in area["stops"]]
    stops += [("tramTracker", stop_id) for stop_id in ("4053", "4153", "4054", "4154", "4055", "4155", "4056", "4156")]

    def seeded(count):
        env = scratch_environment(TRIPBOARD_DEMO_FAULTS="arrivals=slow:200,trams=slow:200")
        subprocess.run([BIN, "favourites"], env=env, check=True, capture_output=True)
        with sqlite3.connect(os.path.join(env["TRIPBOARD_DATA_DIR"], "tripboard.sqlite")) as db:
            for position in range(count):
                db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) "
                           "VALUES (?, ?, ?, NULL, '[]', '[]', ?)", (*stops[position], f"Stop {position}", position))
        return env

    many, one = seeded(20), seeded(1)
    results = alternate("twenty", lambda: timed([BIN, "favourites", "--json"], many)[0],
                        "one", lambda: timed([BIN, "favourites", "--json"], one)[0])
    a, b = median(results["twenty"]), median(results["one"])
    return [("Refresh 20 favourites, 200 ms per answer", f"{a:.0f} ms", "1 favourite", f"{b:.0f} ms", a / b, "≤ 2×")]


def window_harness():
    """The real-window tests' harness, driving the release build."""
    os.environ["TRIPBOARD_BIN"] = BIN
    sys.path[:0] = [os.path.join(ROOT, "Tests", "e2e"), os.path.join(ROOT, "Tests", "support")]
    import harness  # noqa: E402 (needs TRIPBOARD_BIN first)
    return harness


def idle_tabs(empty):
    """Wake-ups and CPU of the window left alone on Search (30 s) and on Favourites with three
    stops (30 s: one refresh, and the countdown that shows when the next comes), beside the empty
    window showing a label and a bar that change once a second. A single 30 s of either moves by
    up to 2× from run to run, so Favourites and its yardstick, both running, take turns: IDLE_RUNS
    times 30 s each, alternating, and the medians are compared."""
    harness = window_harness()
    from test_favourites import seed  # noqa: E402
    launched_at = time.monotonic()
    app = harness.App()
    seed(app.home, [("490000173OC", "Oxford Circus Station", "OC", ["12"]), ("490000173OE", "Oxford Circus", "OE", ["73"]),
                    ("490000121D", "Green Park", "D", ["9"])])
    bare = None
    rows = []
    try:
        app.select("Search")
        # Idle begins when the start-up's last deadline has passed. A D-Bus call made at start-up
        # (dconf's worker asks the bus to watch the settings) arms GDBus's 25 s timeout in the
        # calling thread's loop; GLib 2.74 hands the reply to that thread before it removes the
        # timeout, so the thread may already be asleep until the deadline: one wake-up, 25 s after
        # the launch, in any GTK app (the empty window's too, on some runs), and none after it.
        time.sleep(max(3, STARTUP_DEADLINE - (time.monotonic() - launched_at)))
        cpu, woken = idle_for(app.process.pid)
        rows.append(("Idle on Search, 30 s", f"{cpu:.1f} ms CPU, {woken} wake-ups", "—", "—", None, "zero"))
        app.select("Favourites")
        bare = subprocess.Popen([empty, "--countdown"], env=scratch_environment(), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        # The same conditions as Tripboard's: its window is read over AT-SPI (to choose the tab), so
        # GTK tells the accessibility bus of each change; the yardstick's is read too.
        node = harness.wait_for("the countdown window on the accessibility bus", lambda: harness.application_of(bare.pid))
        harness.wait_for("the countdown's label and bar", lambda: harness.find_all(node, "label") and harness.find_all(node, "progress bar"))
        time.sleep(3)
        ours, theirs = [], []
        for _ in range(IDLE_RUNS):
            ours.append(idle_for(app.process.pid))
            theirs.append(idle_for(bare.pid))
    finally:
        app.close()
        if bare:
            bare.terminate()
            bare.wait()
    yardstick = "empty window with a once-a-second countdown"
    for figure, index, unit in [("CPU", 0, " ms"), ("wake-ups", 1, "")]:
        mine, its = median([run[index] for run in ours]), median([run[index] for run in theirs])
        spread = lambda runs: ", ".join(f"{run[index]:.0f}" for run in runs)  # noqa: E731
        rows.append((f"Idle on Favourites, 30 s: {figure} (median of {IDLE_RUNS}; runs {spread(ours)} against {spread(theirs)})",
                     f"{mine:.1f}{unit}" if index == 0 else f"{mine:.0f}", yardstick,
                     f"{its:.1f}{unit}" if index == 0 else f"{its:.0f}", mine / max(its, 0.1 if index == 0 else 1), "≤ 1.5×"))
    return rows


def window_big_search():
    """The window searching 10,000 departures twice in a row, driven over AT-SPI as a person would:
    from the last page leaving the service to its rows painted; each frame's time while the first
    search's results scroll from top to bottom, a screenful a frame (the app's TRIPBOARD_FRAME_LOG);
    its memory after each search (the first search's rows are freed by the second), and its peak."""
    harness = window_harness()
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "busbud_server.py"), "10000", "5"],
                              stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    frame_log = os.path.join(tempfile.mkdtemp(prefix="tripboard-frames-"), "frames.log")
    app = harness.App(TRIPBOARD_BUSBUD_URL=f"http://127.0.0.1:{port}", TRIPBOARD_BUSBUD_TOKEN="bench",
                      TRIPBOARD_NOW="2026-11-23T04:00:00Z", TRIPBOARD_FRAME_LOG=frame_log)

    def logged(word):
        with open(frame_log) as lines:
            return [line.split()[1:] for line in lines if line.startswith(word + " ")]

    after, to_rows = [], []
    try:
        app.select("Search")
        view = harness.wait_for("the Search view", lambda: harness.find(app.window, "panel", "Search form and results"))
        for search in range(2):
            harness.wait_for("the Search button", lambda: harness.find(view, "push button", "Search")).doActionNamed("click")
            sent = float(server.stdout.readline().split()[1])
            painted = harness.wait_for("the rows painted", lambda: logged("painted")[search:], timeout=120)
            to_rows.append((float(painted[0][0]) - sent) * 1000)
            if search == 0:
                frames = [float(ms) for ms in harness.wait_for("the scroll to end", lambda: logged("frames"), timeout=300)[0]]
            time.sleep(1)
            after.append(rss_kib(app.process.pid))
    finally:
        app.close()
        server.terminate()
        server.wait()
    first, second = after[0]["VmRSS"] / 1024, after[1]["VmRSS"] / 1024
    peak = after[1]["VmHWM"] / 1024
    # The floor: the same rows in a plain GtkListView in C, scrolled the same way.
    floor = sorted(float(ms) for ms in subprocess.run([os.path.join(BUILD, "list-window")], env=scratch_environment(),
                                                      capture_output=True, text=True, check=True).stdout.split())
    frames.sort()
    return [("10,000 departures: last page sent to rows painted (first search, second)",
             f"{to_rows[0]:.0f} ms, {to_rows[1]:.0f} ms", "—", "—", None, "≤ 100 ms"),
            (f"Scrolling them top to bottom, a screenful a frame ({len(frames)} frames): median, 99th percentile",
             f"{median(frames):.1f} ms, {p99(frames):.1f} ms", "the same rows in a plain GtkListView (C)",
             f"{median(floor):.1f} ms, {p99(floor):.1f} ms", median(frames) / median(floor), "≤ 8 ms, ≤ 16 ms"),
            ("Window after 10,000 departures, searched twice (RSS after each; peak)",
             f"{first:.0f} MiB, {second:.0f} MiB; peak {peak:.0f} MiB", "—", "—", None, "peak ≤ 1.8× the empty window")]


def add_stop(harness, app):
    """Favourites → Add Stop, as a person would; returns the Add Stop view (searching by name)."""
    from test_favourites import part  # noqa: E402
    app.select("Favourites")
    harness.wait_for("Add Stop", lambda: next((button for button in harness.find_all(app.window, "push button")
                                               if button.name == "Add Stop" and harness.laid_out(button)), None)
                     ).doActionNamed("click")
    return part(app, "Add Stop")


def show_map(view):
    """Add Stop's Search by "On a map"."""
    from test_window_keeps import pick  # noqa: E402
    pick(view, "Search by", 2)


def screen_stops(width, height, latitude, longitude, zoom, count=300):
    """`count` stops spread over a map of `width` × `height` pixels centred on `latitude`,
    `longitude` at `zoom` (Web Mercator, 256-pixel tiles): a grid over the middle 90% of the map,
    each nudged a little, the same every time. Returns (latitude, longitude, letter) each."""
    world = 256 * 2 ** zoom
    centre_x = (longitude + 180) / 360 * world
    sine = math.sin(math.radians(latitude))
    centre_y = (0.5 - math.log((1 + sine) / (1 - sine)) / (4 * math.pi)) * world
    columns = math.ceil(math.sqrt(count * width / height))
    rows = math.ceil(count / columns)
    nudge = random.Random(20)
    stops = []
    for n in range(count):
        x = width * (0.05 + 0.9 * (n % columns + nudge.uniform(0.2, 0.8)) / columns)
        y = height * (0.05 + 0.9 * (n // columns + nudge.uniform(0.2, 0.8)) / rows)
        world_x, world_y = centre_x + x - width / 2, centre_y + y - height / 2
        stop_longitude = world_x / world * 360 - 180
        stop_latitude = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * world_y / world))))
        stops.append((stop_latitude, stop_longitude, chr(65 + n % 26) + chr(65 + n // 26 % 26)))
    return stops


def tfl_stops_server(frame_log):
    """A TfL service of the bench's own: every StopPoint search near a point answers the same 300
    stops, spread over the map the window opened (its size, centre and zoom, read from the frame
    log once the map has written them); arrivals are empty."""
    from tripboard_test import LocalServer, QuietHandler  # noqa: E402
    stops = []

    def answer():
        if not stops:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and not stops:
                with open(frame_log) as lines:
                    found = [line.split()[1:] for line in lines if line.startswith("map ")]
                if found:
                    width, height, latitude, longitude, zoom = (float(value) for value in found[0])
                    stops.extend(screen_stops(int(width), int(height), latitude, longitude, zoom))
                else:
                    time.sleep(0.05)
        return {"stopPoints": [{"naptanId": f"BENCH{n:03d}", "commonName": f"Bench Street {n}", "stopLetter": letter,
                                "stopType": "NaptanPublicBusCoachTram", "lat": lat, "lon": lon,
                                "lines": [{"name": str(1 + n % 400)}, {"name": str(401 + n % 99)}]}
                               for n, (lat, lon, letter) in enumerate(stops)]}

    class Handler(QuietHandler):
        def do_GET(self):
            path = urllib.parse.urlsplit(self.path).path
            if path == "/StopPoint":
                body = json.dumps(answer()).encode()
            elif path.endswith("/Arrivals"):
                body = b"[]"
            else:
                self.send_error(404)
                return
            self.reply(body)

    return LocalServer(Handler), stops


def map_panning():
    """Panning the map of stops with 300 pins, in the real window: Add Stop's "On a map", its pins
    made by StopsMapView from a TfL service of the bench's own (the rest is the demo); once they
    show, the app's frame log (TRIPBOARD_FRAME_LOG) pans the map round a small loop from a tick
    callback and writes each measured frame's interval on the GdkFrameClock and its time from
    before-paint to after-paint. Beside it, Benchmarks/map-window.c: a plain ShumateMap the size of
    the window's map, on the same centre and zoom, panned along the same path for as many frames,
    with no pins, then with a plain GtkButton marker at each of the same 300 stops."""
    harness = window_harness()
    scratch = tempfile.mkdtemp(prefix="tripboard-map-")
    frame_log = os.path.join(scratch, "frames.log")
    server, stops = tfl_stops_server(frame_log)
    # The harness gives the app its own XDG_CACHE_HOME (libshumate's tile cache), as below.
    app = harness.App(TRIPBOARD_TFL_URL=server.base, TRIPBOARD_FRAME_LOG=frame_log)

    def logged(word):
        with open(frame_log) as lines:
            return [line.split()[1:] for line in lines if line.startswith(word + " ")]

    try:
        view = add_stop(harness, app)
        time.sleep(3)
        before = memory_kib(app.process.pid)
        show_map(view)
        pins = int(harness.wait_for("the pan round the pins", lambda: logged("pan"), timeout=180)[0][0])
        intervals = [float(ms) for ms in harness.wait_for("the intervals", lambda: logged("intervals"))[0]]
        work = [float(ms) for ms in harness.wait_for("the frames' times", lambda: logged("work"))[0]]
        geometry = logged("map")[0]
        time.sleep(3)
        after = memory_kib(app.process.pid)
    finally:
        app.close()
        server.close()
    pins_file = os.path.join(scratch, "pins.txt")
    with open(pins_file, "w") as out:
        out.writelines(f"{lat:.7f} {lon:.7f} {letter}\n" for lat, lon, letter in stops)

    def yardstick(*pins):
        output = subprocess.run([os.path.join(BUILD, "map-window"), *geometry, *pins], env=scratch_environment(),
                                capture_output=True, text=True, check=True).stdout
        lines = {line.split()[0]: [float(ms) for ms in line.split()[1:]] for line in output.splitlines() if line}
        return lines["intervals"], lines["work"]

    plain, buttons = yardstick(), yardstick(pins_file)
    log(f"map panning: {pins} pins in the window, map {geometry[0]}×{geometry[1]} px at zoom {float(geometry[4]):.0f}; "
        f"{len(work)} measured frames each")

    def figure(values, periods=False):
        text = f"{median(values):.1f} ms, {p99(values):.1f} ms"
        if periods:  # intervals are whole refresh periods (16.7 ms): say how many frames took more than one
            late = sum(1 for value in values if value > 17) / len(values)
            text += f" ({late:.0%} over one period)"
        return text
    rows = []
    for what, index in [("frame interval on the GdkFrameClock", 0), ("frame time, before-paint to after-paint", 1)]:
        ours = (intervals, work)[index]
        for yardstick_name, theirs in [("plain ShumateMap, no pins (C)", plain[index]),
                                       (f"the same map with {len(stops)} plain GtkButton markers (C)", buttons[index])]:
            rows.append((f"Panning the map with {pins} pins ({len(ours)} frames), {what}: median, 99th percentile",
                         figure(ours, index == 0), yardstick_name, figure(theirs, index == 0),
                         median(ours) / median(theirs), "—"))
    rows.append((f"Window memory, Add Stop with the map open and its {pins} pins, after the pan; one launch (RSS; PSS)",
                 f"{after[0] / 1024:.0f} MiB; {after[1] / 1024:.0f} MiB", "the same window on Add Stop before the map opened",
                 f"{before[0] / 1024:.0f} MiB; {before[1] / 1024:.0f} MiB", after[0] / before[0], "—"))
    return rows


def map_memory():
    """The window's memory on Add Stop, before the map opens (searching by name) and then with
    "On a map" open and its pins loaded (the demo's stops round a favourite, as the map test
    has), in the same launch; three launches, medians. RSS, and PSS (shared pages divided among
    the processes sharing them)."""
    harness = window_harness()
    from test_favourites import seed  # noqa: E402
    from test_map import pins  # noqa: E402
    samples = {"before": [], "map": []}
    counts = []
    for _ in range(3):
        home = tempfile.mkdtemp(prefix="tripboard-map-memory-")
        seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
        app = harness.App(home=home)
        try:
            view = add_stop(harness, app)
            time.sleep(3)
            samples["before"].append(memory_kib(app.process.pid))
            show_map(view)
            counts.append(len(harness.wait_for("the pins", lambda: (shown := pins(view)) and len(shown) >= 4 and shown)))
            time.sleep(3)
            samples["map"].append(memory_kib(app.process.pid))
        finally:
            app.close()
    rss = {name: median([r for r, _ in values]) / 1024 for name, values in samples.items()}
    pss = {name: median([p for _, p in values]) / 1024 for name, values in samples.items()}
    return [(f"Window memory, Add Stop with the map open and its {median(counts):.0f} pins (RSS; PSS)",
             f"{rss['map']:.0f} MiB; {pss['map']:.0f} MiB", "the same window on Add Stop before the map opened",
             f"{rss['before']:.0f} MiB; {pss['before']:.0f} MiB", rss["map"] / rss["before"], "—")]


MAP_NOTES = """
The map rows. "Panning the map with 300 pins" is the real window (release build, the demo service
but for a TfL service of the bench's own that answers 300 stops spread over the visible area):
Add Stop → "On a map", its pins made by `StopsMapView.applyPins` from `MapViewModel`, as a person
sees them (a `Button` with the `map-pin` class in a `Marker` on a `MarkerLayer`, named and styled).
Once they show, the window's frame log (`TRIPBOARD_FRAME_LOG`) pans the map from a tick callback:
10 still frames, then the centre moves 4 px a frame round a loop of 120 frames (about 150 px
across; most pins stay on screen), 60 frames of warm-up, then 600 measured frames. The yardsticks
are `Benchmarks/map-window.c`: a plain `ShumateMap` in a window of its own, the size of the
window's map, with the same no-tiles reference source, centre, zoom, path and frame counts, with
no pins, then with a plain `GtkButton` marker (no style) at each of the same 300 stops. All run
in the same Xvfb, with `GSK_RENDERER=cairo` and the accessibility bus running (the window is
driven over AT-SPI).

Two figures per frame. The *interval* is the time between successive frames'
`gdk_frame_clock_get_frame_time`. Xvfb has no vsync and no compositor, so GDK paces frames with a
timer at its default 60 Hz and reports smoothed frame times: an interval is a whole number of
16.7 ms refresh periods, 16.7 ms when the frame's work fitted in one, and longer when it overran.
The *frame time* is from the frame clock's "before-paint" to its "after-paint" (the tick
callback's move, laying out every marker, drawing with cairo): the CPU time a frame costs, the
figure the scrolling row above also gives.

"Window memory, Add Stop with the map open and its pins" is the real window on the demo service
with one favourite (Oxford Circus), measured on Add Stop searching by name, then again, in the
same launch, with "On a map" open and the demo's pins round the favourite loaded, 3 s after each;
medians of 3 launches, each with its own data, cache and `XDG_CACHE_HOME`. The row "…its 300 pins,
after the pan" is the panning run's window measured the same way (one launch). Add Stop builds
its map (an unshown `ShumateMap` with its layers) with the Favourites tab, so the "before" figure
already holds the map widget: the difference is what showing it, its pins and their list cost.
PSS counts each shared page in proportion to the processes sharing it.
"""


def main():
    if not os.path.exists(BIN):
        sys.exit(f"no release build at {BIN}: run `make bench`")
    only = sys.argv[1:]  # names of figures to measure, for trying one; then nothing is written
    empty, python = prepare()
    rows = []
    for name, figure in [("start-up", lambda: startup(empty)), ("languages", languages), ("big search", lambda: big_search(python)),
                         ("favourites refresh", favourites_refresh), ("window memory and idle", lambda: window_memory(empty)),
                         ("idle tabs", lambda: idle_tabs(empty)), ("a big search in the window", window_big_search),
                         ("map panning", map_panning), ("map memory", map_memory)]:
        if only and name not in only:
            continue
        log(f"measuring {name}…")
        rows += figure()
    lines = ["| what | Tripboard | yardstick | yardstick's figure | ratio | target |", "|---|---|---|---|---|---|"]
    for what, ours, yardstick, theirs, ratio, target in rows:
        lines.append(f"| {what} | {ours} | {yardstick} | {theirs} | {'—' if ratio is None else f'{ratio:.2f}×'} | {target} |")
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    header = (f"Measured {datetime.date.today()} by `make bench` on {os.cpu_count()} × {cpu}, "
              f"release build, Xvfb with the cairo renderer; medians of {RUNS} alternating runs "
              f"({STARTUP_RUNS} for start-up, 3 for memory and idle on Deals and Search, {IDLE_RUNS} for idle on Favourites).\n\n"
              "Start-up is from the spawn to the first frame's after-paint as each process marks it "
              "(TRIPBOARD_STARTUP_LOG). \"With the accessibility bus\" runs every side with the bus up "
              "(GTK_A11Y unset); \"without it\" runs every side with GTK_A11Y=none. \"Usual launch\": "
              "each side in an environment of its own kept from its previous run (Tripboard on Deals with "
              "its settings, favourites and kept deals). \"Very first launch\": each side in a new scratch "
              "environment every run (Tripboard makes its database; the welcome). A split row gives "
              "spawn to main, main to the window built, built to the first frame.\n\n")
    if BEFORE:
        header += (f"\"Tripboard before libadwaita\" is {os.environ.get('TRIPBOARD_BENCH_BEFORE_NAME', BEFORE)}, "
                   "measured in the same alternating runs as the rest.\n\n")
    table = "\n".join(lines) + "\n" + MAP_NOTES
    print(table)
    if only:
        return
    with open(os.path.join(HERE, "results.md"), "w") as out:
        out.write("# Benchmark results\n\n" + header + table)


if __name__ == "__main__":
    main()

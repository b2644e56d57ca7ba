"""Command-line tests: the real tripboard binary, its output, exit statuses and error lines,
against the in-process demo and `tripboard serve-demo` on 127.0.0.1. Prints 'N passed, N failed'."""
import http.server
import json
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
from tripboard_test import BIN, SCRATCH, DemoServer, environment, run_tests  # noqa: E402


def run(*args, **env):
    return subprocess.run([BIN, *args], env=environment(**env), capture_output=True, text=True, timeout=120)


def expect_failure(result, status=None, mentions=""):
    """A failure is a status from 1 to 127 and exactly one plain line on stderr."""
    assert 1 <= result.returncode <= 127, f"status {result.returncode}"
    if status is not None:
        assert result.returncode == status, f"status {result.returncode}, wanted {status}"
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, f"stderr should be one line: {result.stderr!r}"
    assert lines[0].startswith("tripboard: "), lines[0]
    assert mentions in lines[0], f"{lines[0]!r} does not mention {mentions!r}"
    assert "{\"" not in lines[0] and "<html" not in lines[0], f"service body leaked: {lines[0]!r}"
    assert result.stdout == "", f"nothing on stdout: {result.stdout!r}"


def test_deals_json_is_sorted_by_position():
    result = run("deals", "--json", "--now", "2026-11-22T09:00:00Z")
    assert result.returncode == 0, result.stderr
    deals = json.loads(result.stdout)
    assert len(deals) == 21
    assert [d["position"] for d in deals] == sorted(d["position"] for d in deals)
    first = deals[0]
    assert set(first) >= {"key", "type", "id", "title", "count", "min_price", "currency", "position", "image_url"}
    assert first["key"] == f"{first['type']}|{first['id']}" and first["currency"] == "GBP"


def test_now_pins_the_answer():
    one = run("deals", "--json", "--now", "2026-11-22T09:00:00Z").stdout
    two = run("deals", "--json", "--now", "2026-11-22T21:00:00Z").stdout
    other = run("deals", "--json", "--now", "2027-06-01T09:00:00Z").stdout
    assert one == two, "the same day gives the same deals"
    assert one != other, "another check-in season gives other prices"


def test_deals_table_reads_as_a_table():
    result = run("deals", "--now", "2026-11-22T09:00:00Z")
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["POS", "DESTINATION", "HOTELS", "FROM"], lines[0]
    assert len(lines) == 22 and "£" in lines[1]


def test_departures_json_is_sorted_by_departure_time():
    result = run("departures", "--json", "--date", "2016-07-29")
    assert result.returncode == 0, result.stderr
    departures = json.loads(result.stdout)
    assert len(departures) == 8
    assert [d["departure"] for d in departures] == sorted(d["departure"] for d in departures)
    late = departures[-1]
    assert late["departure"] == "2016-07-29T23:30:00-04:00" and late["arrives_next_day"] is True
    assert set(late) >= {"id", "operator", "origin", "destination", "departure", "arrival", "duration_minutes",
                         "arrives_next_day", "price_cents", "currency", "available_seats", "amenities"}


def test_departures_defaults_are_the_saved_settings_on_today():
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH)}
    # 03:00 UTC on the 23rd is still the 22nd in Toronto: "today" is the machine's day, not UTC's.
    pinned = ("--json", "--now", "2026-11-23T03:00:00Z")
    standard = ("--origin", "dr5reg", "--destination", "f25dvk", "--adults", "1", "--children", "0",
                "--seniors", "0", "--currency", "USD", "--lang", "en")
    explicit = run("departures", *pinned, *standard, "--date", "2026-11-22", TZ="America/Toronto", **home)
    assert explicit.returncode == 0 and json.loads(explicit.stdout), explicit.stderr
    assert run("departures", *pinned, TZ="America/Toronto", **home).stdout == explicit.stdout

    # The same city at both ends is refused, so the new pair is set destination first.
    assert run("settings", "set", "search.origin", "Montréal", **home).returncode == 64
    for key, value in [("search.destination", "toronto"), ("search.origin", "Montréal"), ("search.currency", "eur"),
                       ("search.adults", "2")]:
        assert run("settings", "set", key, value, **home).returncode == 0
    saved = run("departures", *pinned, TZ="America/Toronto", **home)
    departures = json.loads(saved.stdout)
    assert departures and all(d["currency"] == "EUR" and "Montréal" in d["origin"] for d in departures), departures[:1]
    assert saved.stdout == run("departures", "--json", "--now", "2026-11-23T03:00:00Z", "--origin", "f25dvk",
                               "--destination", "dpz88g", "--adults", "2", "--currency", "EUR", "--date", "2026-11-22",
                               **home).stdout


def test_unserved_pair_is_an_empty_success():
    result = run("departures", "--json", "--origin", "Toronto", "--destination", "Boston")
    assert result.returncode == 0 and json.loads(result.stdout) == [], result


def test_bad_input_is_one_line():
    expect_failure(run("departures", "--origin", "dr5reg", "--destination", "dr5reg"), mentions="different cities")
    expect_failure(run("departures", "--adults", "0"), mentions="at least one traveller")
    expect_failure(run("departures", "--date", "2016-02-30"), mentions="2016-02-30")
    expect_failure(run("deals", "--now", "yesterday"), mentions="ISO 8601")
    expect_failure(run("deals", "--base-url", "not a url"), mentions="not an http")


def test_service_failures_are_one_line():
    with DemoServer(faults="deals=503,departures=502") as server:
        expect_failure(run("deals", "--base-url", f"{server.base}/deals/search"), status=1, mentions="HTTP 503")
        expect_failure(run("departures", "--base-url", server.base), status=1, mentions="HTTP 502")
    with DemoServer(faults="deals=malformed") as server:
        expect_failure(run("deals", "--base-url", f"{server.base}/deals/search"), status=1, mentions="could not be read")


def test_unreachable_service_is_one_line():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    expect_failure(run("departures", "--base-url", f"http://127.0.0.1:{port}"), status=1, mentions="could not reach")


def test_environment_selects_the_live_client():
    with DemoServer() as server:
        over_http = run("departures", "--json", "--date", "2016-07-29", TRIPBOARD_BUSBUD_URL=server.base)
        assert over_http.returncode == 0, over_http.stderr
        assert over_http.stdout == run("departures", "--json", "--date", "2016-07-29").stdout, "HTTP and in-process demo agree"


def test_serve_demo_refuses_nonsense_faults():
    expect_failure(run("serve-demo", "--faults", "deals=teapot"), mentions="teapot")



NOW = "2026-11-22T09:00:00Z"


def test_arrivals_json_soonest_first_with_the_documented_fields():
    result = run("arrivals", "--stop", "490000173OE", "--json", "--now", NOW)
    assert result.returncode == 0, result.stderr
    arrivals = json.loads(result.stdout)
    assert len(arrivals) >= 12
    assert set(arrivals[0]) >= {"line", "destination", "towards", "vehicle", "stop_letter", "expected", "seconds"}
    assert [a["seconds"] for a in arrivals] == sorted(a["seconds"] for a in arrivals)
    assert all(0 <= a["seconds"] <= 1800 and a["expected"].endswith("Z") and a["stop_letter"] == "OE" for a in arrivals)
    assert run("arrivals", "--stop", "490000173OE", "--json", "--now", NOW).stdout == result.stdout, "--now pins it"


def test_arrivals_table_says_due_and_minutes():
    result = run("arrivals", "--stop", "490000121D", "--now", NOW)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["ROUTE", "DESTINATION", "DUE", "EXPECTED", "VEHICLE"]
    assert all(" min " in line or " Due " in line for line in lines[1:]), lines


def test_stops_search_gives_lettered_stops_not_areas():
    result = run("stops", "--search", "Trafalgar", "--json")
    assert result.returncode == 0, result.stderr
    stops = json.loads(result.stdout)
    assert [s["letter"] for s in stops] == ["S", "T", "U", "V"]
    assert set(stops[0]) >= {"id", "name", "letter", "lat", "lon", "lines"}
    assert all(s["id"].startswith("490000235") for s in stops)


def test_stops_near_nearest_first():
    result = run("stops", "--near", "51.5031,-0.1132", "--radius", "250", "--json")
    assert result.returncode == 0, result.stderr
    stops = json.loads(result.stdout)
    assert len(stops) == 3 and [s["distance"] for s in stops] == sorted(s["distance"] for s in stops)
    assert json.loads(run("stops", "--search", "zzz", "--json").stdout) == [], "no match is an empty success"


def test_stops_and_arrivals_bad_input_is_one_line():
    expect_failure(run("stops"), mentions="exactly one of --search")
    expect_failure(run("stops", "--near", "north"), mentions="is not a point")
    expect_failure(run("stops", "--near", "95,0"), mentions="is not a point")
    expect_failure(run("arrivals", "--stop", "no-such-stop"), status=1, mentions="no stop with the id")


def test_tfl_failures_are_one_line_and_the_key_is_never_printed():
    with DemoServer(faults="arrivals=503,stops=malformed") as server:
        expect_failure(run("arrivals", "--stop", "490000173OE", TRIPBOARD_TFL_URL=server.base,
                           TRIPBOARD_TFL_APP_KEY="s3cret-key"), status=1, mentions="503")
        failed = run("stops", "--search", "Waterloo", "--base-url", server.base, TRIPBOARD_TFL_APP_KEY="s3cret-key")
        expect_failure(failed, status=1, mentions="could not be read")
        assert "s3cret" not in failed.stderr


def test_favourites_lists_the_saved_stops_in_order():
    data = tempfile.mkdtemp(prefix="tripboard-cli-")
    empty = run("favourites", "--json", TRIPBOARD_DATA_DIR=data)
    assert empty.returncode == 0 and json.loads(empty.stdout) == [], empty.stderr
    with sqlite3.connect(os.path.join(data, "tripboard.sqlite")) as db:
        db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) VALUES "
                   "('tfl', '490000235S', 'Trafalgar Square', 'S', '[\"11\",\"24\"]', '[\"24\"]', 1), "
                   "('tfl', '490000173OE', 'Oxford Circus Station', 'OE', '[]', '[]', 0)")
    result = run("favourites", "--json", "--now", NOW, TRIPBOARD_DATA_DIR=data)
    assert result.returncode == 0, result.stderr
    favourites = json.loads(result.stdout)
    assert [f["title"] for f in favourites] == ["Oxford Circus Station (Stop OE)", "Trafalgar Square (Stop S)"]
    assert favourites[1]["routes"] == ["24"] and {a["line"] for a in favourites[1]["arrivals"]} == {"24"}
    assert favourites[0]["next"].startswith(favourites[0]["arrivals"][0]["line"] + " · ")
    table = run("favourites", "--now", NOW, TRIPBOARD_DATA_DIR=data).stdout.splitlines()
    assert table[0].split() == ["STOP", "NEXT"] and table[1].startswith("Oxford Circus Station (Stop OE)")
    with DemoServer(faults="arrivals=503") as server:
        expect_failure(run("favourites", TRIPBOARD_DATA_DIR=data, TRIPBOARD_TFL_URL=server.base), status=1, mentions="503")


def test_trams_json_with_melbourne_display():
    result = run("trams", "--stop", "4055", "--route", "78", "--json", "--now", NOW)
    assert result.returncode == 0, result.stderr
    trams = json.loads(result.stdout)
    assert len(trams) == 3 and all(t["route"] == "78" for t in trams)
    assert set(trams[0]) >= {"route", "destination", "predicted", "minutes", "display"}
    assert [t["minutes"] for t in trams] == sorted(t["minutes"] for t in trams)
    # 09:00 UTC on 22 November is 8 pm in Melbourne (daylight saving, UTC+11).
    assert all(t["display"].startswith("8:") and " pm (" in t["display"] and t["predicted"].endswith("Z") for t in trams), trams
    every = json.loads(run("trams", "--stop", "4057", "--json", "--now", NOW).stdout)
    assert {t["route"] for t in every} == {"70", "78"}, "without --route, every route at the stop"
    # The service's messages: route 70's evening event rides on its trams, and the table says it once.
    assert all(t["notices"] == (["Special event: Extra route 70 trams run to and from Melbourne Park before and after "
                                 "tonight’s event."] if t["route"] == "70" else []) for t in every), every
    table = run("trams", "--stop", "4057", "--now", NOW).stdout.splitlines()
    assert [line for line in table if line.startswith("Special event: ")] == [every[[t["route"] for t in every].index("70")]["notices"][0]]


def test_trams_failures_are_one_line():
    expect_failure(run("trams", "--stop", "9999"), status=1, mentions="not a valid TramTracker stop")
    expect_failure(run("trams", "--stop", "north"), mentions="stop number")
    with DemoServer(faults="trams=service-error@2-2") as server:
        base = f"{server.base}/TramTracker/RestService"
        expect_failure(run("trams", "--stop", "4055", "--base-url", base), status=1, mentions="injected fault")


class BusbudLikeHandler(http.server.BaseHTTPRequestHandler):
    """A Busbud-compatible service answering every search with `departures` in one complete page."""
    departures = []

    def do_GET(self):
        body = json.dumps({"cities": [], "locations": [{"id": 1, "name": "Port Authority"}, {"id": 2, "name": "Gare"}],
                           "operators": [{"id": "op", "name": "Greyhound"}], "departures": BusbudLikeHandler.departures,
                           "complete": True, "is_valid_route": True}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def busbud_departure(number, **changes):
    departure = {"id": f"d{number}", "operator_id": "op", "origin_location_id": 1, "destination_location_id": 2,
                 "departure_time": f"2026-11-23T{8 + number:02d}:00:00", "arrival_time": f"2026-11-23T{16 + number % 6:02d}:00:00",
                 "departure_timezone": "America/New_York", "arrival_timezone": "America/Toronto",
                 "prices": {"total": 5000 + number, "currency": "USD"}, "available_seats": 10}
    departure.update(changes)
    return departure


def test_departures_with_unexpected_details_are_shown_and_what_is_unreadable_is_said():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), BusbudLikeHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        # Six good departures, each with a detail the service's documentation never promised.
        BusbudLikeHandler.departures = [busbud_departure(n, amenities=["wifi"], available_seats="many", trip_stops=None)
                                        for n in range(6)]
        read = run("departures", "--json", "--date", "2026-11-23", TRIPBOARD_BUSBUD_URL=base)
        assert read.returncode == 0 and read.stderr == "", read
        assert len(json.loads(read.stdout)) == 6

        # Two without a price: the rest print, and stderr says how many were left out and why.
        BusbudLikeHandler.departures += [busbud_departure(7, prices=None), busbud_departure(8, prices={"total": "n/a"})]
        partial = run("departures", "--json", "--date", "2026-11-23", TRIPBOARD_BUSBUD_URL=base)
        assert partial.returncode == 0 and len(json.loads(partial.stdout)) == 6, partial
        assert partial.stderr.strip().startswith("tripboard: 2 departures could not be read (the first: "), partial.stderr
        assert len(partial.stderr.strip().splitlines()) == 1

        # Nothing readable: a failure with one line, never an empty list.
        BusbudLikeHandler.departures = [busbud_departure(n, departure_time=None) for n in range(3)]
        expect_failure(run("departures", "--json", "--date", "2026-11-23", TRIPBOARD_BUSBUD_URL=base),
                       status=1, mentions="none of the 3 departures the service sent could be read")
    finally:
        server.shutdown()


def test_the_built_in_demo_takes_faults_from_the_environment():
    failing = run("arrivals", "--stop", "490000173OE", TRIPBOARD_DEMO_FAULTS="arrivals=503")
    expect_failure(failing, status=1, mentions="HTTP 503")
    # A spec that cannot be read is said once and ignored: the demo answers as usual.
    ignored = run("arrivals", "--stop", "490000173OE", "--json", TRIPBOARD_DEMO_FAULTS="arrivals=teapot")
    assert ignored.returncode == 0 and json.loads(ignored.stdout), ignored
    assert ignored.stderr.startswith("tripboard: TRIPBOARD_DEMO_FAULTS: unknown fault “teapot”"), ignored.stderr


def test_the_time_limit_setting_is_in_force():
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH)}
    expect_failure(run("settings", "set", "network.time_limit_seconds", "1", **home), status=64, mentions="5 to 120")
    assert run("settings", "set", "network.time_limit_seconds", "5", **home).returncode == 0
    started = time.monotonic()
    hung = run("arrivals", "--stop", "490000173OE", TRIPBOARD_DEMO_FAULTS="arrivals=hang", **home)
    took = time.monotonic() - started
    expect_failure(hung, status=1, mentions="no answer within 5 seconds")
    assert 4.5 < took < 30, f"gave up after {took:.1f} s"


def test_every_network_fault_is_one_honest_line():
    """Each fault the demo can inject, on the command line: exit 1 and one line saying what happened,
    or the normal answer where the fault is ridden out (a first 503 retried, a late answer)."""
    for fault, mentions in [("html", "web page instead of data"), ("empty", "the answer was empty"),
                            ("truncated", "not valid JSON"), ("huge", "more than 16 MiB"),
                            ("dropped", "connection was lost"), ("expired-token", "HTTP 401"),
                            ("429:60", "asks to wait 60 s")]:
        expect_failure(run("arrivals", "--stop", "490000173OE", TRIPBOARD_DEMO_FAULTS=f"arrivals={fault}"),
                       status=1, mentions=mentions)
    for fault in ["503@1", "dropped@1", "429@1"]:
        recovered = run("arrivals", "--stop", "490000173OE", "--json", TRIPBOARD_DEMO_FAULTS=f"arrivals={fault}")
        assert recovered.returncode == 0 and json.loads(recovered.stdout), (fault, recovered.stderr)
    normal = json.loads(run("departures", "--json").stdout)
    for fault in ["duplicate", "shuffle"]:
        paged = run("departures", "--json", TRIPBOARD_DEMO_FAULTS=f"departures={fault},poll={fault}")
        assert paged.returncode == 0 and json.loads(paged.stdout) == normal, fault


def settings_json(home, **env):
    result = run("settings", "--json", **home, **env)
    assert result.returncode == 0, result.stderr
    return {entry["key"]: entry for entry in json.loads(result.stdout)}


def test_settings_lists_every_setting_and_where_it_comes_from():
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH)}
    listed = settings_json(home)
    assert listed["deals.source"] == {"key": "deals.source", "value": "demo", "origin": "default"}
    assert listed["busbud.url"]["value"] == "https://napi.busbud.com" and listed["favourites.refresh_seconds"]["value"] == "30"

    changed = run("settings", "set", "favourites.refresh_seconds", "90", **home)
    assert changed.returncode == 0 and changed.stdout.strip() == "favourites.refresh_seconds = 90", changed
    assert settings_json(home)["favourites.refresh_seconds"] == {
        "key": "favourites.refresh_seconds", "value": "90", "origin": "saved"}

    overridden = settings_json(home, TRIPBOARD_TFL_URL="http://127.0.0.1:9/tfl")
    assert overridden["tfl.url"]["origin"] == "environment" and overridden["tfl.url"]["variable"] == "TRIPBOARD_TFL_URL"
    assert overridden["tfl.source"]["value"] == "live", "a service's address in the environment makes it live"

    table = run("settings", **home).stdout.splitlines()
    assert table[0].split() == ["KEY", "VALUE", "FROM"] and len(table) == len(listed) + 1
    assert any(line.split() == ["favourites.refresh_seconds", "90", "saved"] for line in table), table

    reset = run("settings", "set", "favourites.refresh_seconds", "", **home)
    assert reset.returncode == 0 and settings_json(home)["favourites.refresh_seconds"]["origin"] == "default"


def test_settings_set_refuses_bad_values_with_one_line_and_keeps_the_rest():
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH)}
    assert run("settings", "set", "search.currency", "CAD", **home).returncode == 0
    before = settings_json(home)
    for args, mentions in [(("colour", "blue"), "not a setting"),
                           (("busbud.url", "ftp://example.com"), "not an http"),
                           (("favourites.refresh_seconds", "5"), "10 to 600"),
                           (("favourites.refresh_seconds", "ten"), "10 to 600"),
                           (("busbud.source", "live"), "needs a Busbud token"),
                           (("deals.source", "live"), "address of the deals service"),
                           (("deals.image_url", "https://img.example/x.jpg"), "{id}"),
                           (("search.currency", "GBP"), "USD, CAD, EUR"),
                           (("search.origin", "Atlantis"), "Choose one of"),
                           (("clock", "13"), "system, 12 or 24")]:
        expect_failure(run("settings", "set", *args, **home), status=64, mentions=mentions)
    assert settings_json(home) == before, "nothing was saved"


def test_credentials_are_private_and_never_printed():
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH)}
    token = "PLANTED-busbud-token-7c41f0e2d9"
    key = "PLANTED-tfl-key-55aa"
    outputs = []

    def record(result):
        outputs.append(result.stdout + result.stderr)
        return result

    stored = record(subprocess.run([BIN, "settings", "set", "busbud.token", "-"], input=token + "\n",
                                   env=environment(**home), capture_output=True, text=True, timeout=60))
    assert stored.returncode == 0, stored.stderr
    assert record(run("settings", "set", "tfl.app_key", key, **home)).returncode == 0
    assert record(run("settings", "set", "busbud.source", "live", **home)).returncode == 0
    credentials = os.path.join(home["TRIPBOARD_DATA_DIR"], "credentials.json")
    assert os.stat(credentials).st_mode & 0o777 == 0o600
    assert token not in open(os.path.join(home["TRIPBOARD_DATA_DIR"], "tripboard.sqlite"), "rb").read().decode("latin-1")

    shown = settings_json(home)
    assert shown["busbud.token"]["value"] == "••••••••e2d9" and shown["busbud.token"]["origin"] == "saved", shown
    assert record(run("settings", **home)).returncode == 0

    # Used for real, against a service that fails and one that is unreachable: the errors never carry it.
    with DemoServer(faults="departures=503,arrivals=401") as server:
        failed = record(run("departures", "--date", "2016-07-29", TRIPBOARD_BUSBUD_URL=server.base, **home))
        assert failed.returncode == 1 and "503" in failed.stderr, failed.stderr
        record(run("settings", "set", "tfl.source", "live", **home))
        record(run("settings", "set", "tfl.url", server.base, **home))
        record(run("arrivals", "--stop", "490000173OE", **home))
    record(run("departures", "--date", "2016-07-29", TRIPBOARD_BUSBUD_URL="http://127.0.0.1:9", **home))

    # A credentials file others can read is made private at once, and the person told.
    os.chmod(credentials, 0o644)
    loosened = record(run("settings", **home))
    assert "made it private" in loosened.stderr and os.stat(credentials).st_mode & 0o777 == 0o600, loosened.stderr
    for output in outputs:
        assert token not in output and key not in output and "7c41f0e2" not in output, output


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP_ID = "io.github.tripboard.Tripboard"
INSTALLED = {"bin/tripboard", f"share/applications/{APP_ID}.desktop", f"share/metainfo/{APP_ID}.metainfo.xml",
             f"share/icons/hicolor/scalable/apps/{APP_ID}.svg", f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg"}


def files_under(folder):
    return {os.path.relpath(os.path.join(place, name), folder) for place, _, names in os.walk(folder) for name in names}


def test_install_is_valid_runs_from_a_moved_prefix_and_uninstalls_cleanly():
    stage = tempfile.mkdtemp(prefix="tripboard-install-", dir=SCRATCH)
    make = ["make", "-s", "-C", ROOT, f"DESTDIR={stage}", "PREFIX=/usr"]
    subprocess.run([*make, "install"], check=True, capture_output=True, timeout=1200)
    prefix = os.path.join(stage, "usr")
    files = files_under(prefix)
    assert {f for f in files if not f.startswith("share/tripboard/")} == INSTALLED, sorted(files)
    assert "share/tripboard/data/deals/destinations.json" in files, "the demo data is under share/tripboard"

    desktop = os.path.join(prefix, "share/applications", f"{APP_ID}.desktop")
    checked = subprocess.run(["desktop-file-validate", desktop], capture_output=True, text=True)
    # Debian 12's desktop-file-validate (0.26) predates the specification's 1.5 key SingleMainWindow;
    # that is its only complaint allowed.
    complaints = [line for line in checked.stdout.splitlines() if line.strip()
                  and 'key "SingleMainWindow"' not in line]
    assert not complaints, checked.stdout
    entry = open(desktop).read()
    for line in ["Categories=Utility;Maps;GTK;", "SingleMainWindow=true", "StartupWMClass=tripboard", "Exec=tripboard"]:
        assert line in entry.splitlines(), f"{line} missing"
    assert "travel" in entry.split("Keywords=")[1].split("\n")[0]
    metainfo = os.path.join(prefix, "share/metainfo", f"{APP_ID}.metainfo.xml")
    checked = subprocess.run(["appstreamcli", "validate", "--no-net", metainfo], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    for screenshot in [line.split(">")[1].split("<")[0] for line in open(metainfo) if "<image>" in line]:
        assert screenshot.startswith("https://"), screenshot
        assert os.path.exists(os.path.join(ROOT, "screenshots", os.path.basename(screenshot))), screenshot

    # The staged prefix moved elsewhere still finds its data, from any working directory.
    moved = os.path.join(tempfile.mkdtemp(prefix="tripboard-moved-", dir=SCRATCH), "opt")
    os.rename(prefix, moved)
    result = subprocess.run([os.path.join(moved, "bin", "tripboard"), "deals", "--json", "--now", "2026-11-22T09:00:00Z"],
                            env=environment(), cwd="/", capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)) == 21

    subprocess.run([*make, "install"], check=True, capture_output=True, timeout=1200)
    subprocess.run([*make, "uninstall"], check=True, capture_output=True, timeout=120)
    assert files_under(stage) == set(), sorted(files_under(stage))


if __name__ == "__main__":
    sys.exit(run_tests(globals(), "cli"))

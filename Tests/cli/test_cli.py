"""Command-line tests: the real tripboard binary, its output, exit statuses and error lines,
against the in-process demo and `tripboard serve-demo` on 127.0.0.1. Prints 'N passed, N failed'."""
import calendar
import glob
import http.server
import json
import re
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
from tripboard_test import BIN, SCRATCH, DemoServer, LocalServer, QuietHandler, environment, run_tests  # noqa: E402
import pseudo  # noqa: E402


def run(*args, **env):
    return subprocess.run([BIN, *args], env=environment(**env), capture_output=True, text=True, timeout=120)


def nothing_kept():
    """A cache folder of the test's own, holding no answer: a failure the network causes is then
    said as it is, never covered by an answer another test kept (issue 23)."""
    return {"TRIPBOARD_CACHE_DIR": tempfile.mkdtemp(dir=SCRATCH)}


# The captured fixtures' day, at midnight in New York: a search of that day is not in the past.
ON_THE_FIXTURES_DAY = ("--now", "2016-07-29T04:00:00Z")


def message_lines(result):
    """The lines of stderr that say what went wrong: all of them, but for the usage and the pointer
    to help that follow a mistake in the command line itself (status 64, caught while parsing)."""
    lines = result.stderr.strip().splitlines()
    if result.returncode == 64 and len(lines) == 3:
        assert lines[1].startswith("Usage: tripboard ") and lines[2].strip().startswith("See 'tripboard "), lines
        return lines[:1]
    return lines


def expect_failure(result, status=None, mentions=""):
    """A failure is a status from 1 to 127 and one plain line on stderr (see `message_lines`)."""
    assert 1 <= result.returncode <= 127, f"status {result.returncode}"
    if status is not None:
        assert result.returncode == status, f"status {result.returncode}, wanted {status}"
    lines = message_lines(result)
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
    one = json.loads(run("deals", "--json", "--now", "2026-11-22T09:00:00Z").stdout)
    two = json.loads(run("deals", "--json", "--now", "2026-11-22T21:00:00Z").stdout)
    other = json.loads(run("deals", "--json", "--now", "2027-06-01T09:00:00Z").stdout)
    assert {d["received"] for d in one} == {"2026-11-22T09:00:00Z"}, "each answer arrived at the pinned moment"
    assert without(one, "received") == without(two, "received"), "the same day gives the same deals"
    assert without(one, "received") != without(other, "received"), "another check-in season gives other prices"


def test_deals_table_reads_as_a_table():
    result = run("deals", "--now", "2026-11-22T09:00:00Z")
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["POS", "DESTINATION", "HOTELS", "FROM"], lines[0]
    assert len(lines) == 22 and "£" in lines[1]


def test_departures_json_is_sorted_by_departure_time():
    result = run("departures", "--json", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY)
    assert result.returncode == 0, result.stderr
    departures = json.loads(result.stdout)
    assert len(departures) == 8
    assert [d["departure"] for d in departures] == sorted(d["departure"] for d in departures)
    late = departures[-1]
    assert late["departure"] == "2016-07-29T23:30:00-04:00" and late["arrives_next_day"] is True
    assert set(late) >= {"id", "operator", "origin", "destination", "departure", "arrival", "duration_minutes",
                         "arrives_next_day", "price_cents", "currency", "available_seats", "amenities"}


def test_operator_filter_keeps_only_that_operator_and_says_how_many_it_hid():
    everything = json.loads(run("departures", "--json", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY).stdout)
    greyhound = [d for d in everything if d["operator"] == "Greyhound"]
    assert 0 < len(greyhound) < len(everything), everything
    result = run("departures", "--json", "--date", "2016-07-29", "--operator", "greyhound", *ON_THE_FIXTURES_DAY)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == greyhound, "only Greyhound's departures, whole and in order"
    hidden = len(everything) - len(greyhound)
    assert result.stderr == f"tripboard: {hidden} of {len(everything)} departures hidden by filters\n", result.stderr
    table = run("departures", "--date", "2016-07-29", "--operator", "Greyhound", "--operator", "FlixBus",
                *ON_THE_FIXTURES_DAY)
    operators = {line.split()[-3] for line in table.stdout.splitlines()[1:]}
    assert operators == {"Greyhound", "FlixBus"}, table.stdout


def test_time_price_and_amenity_filters_read_the_departure_citys_clock():
    # 18:00 and later in New York, whatever the machine's zone: the 21:00 and 23:30 coaches.
    for zone in ["UTC", "Asia/Tokyo", "America/Los_Angeles"]:
        late = run("departures", "--json", "--date", "2016-07-29", "--depart-after", "18:00", *ON_THE_FIXTURES_DAY,
                   TZ=zone)
        assert [d["departure"][11:16] for d in json.loads(late.stdout)] == ["21:00", "23:30"], (zone, late.stdout)
    night = run("departures", "--json", "--date", "2016-07-29", "--depart-after", "23:00", "--depart-before", "07:00",
                *ON_THE_FIXTURES_DAY)
    assert [d["departure"][11:16] for d in json.loads(night.stdout)] == ["06:00", "23:30"], night.stdout
    cheap = run("departures", "--json", "--date", "2016-07-29", "--max-price", "70", "--amenity", "wifi",
                *ON_THE_FIXTURES_DAY)
    shown = json.loads(cheap.stdout)
    assert shown and all(d["price_cents"] <= 7000 and "Wi-Fi" in d["amenities"] for d in shown), shown
    none = run("departures", "--date", "2016-07-29", "--max-price", "1", *ON_THE_FIXTURES_DAY)
    assert none.returncode == 0 and none.stdout == "All 8 departures are hidden by filters.\n", none.stdout
    assert none.stderr == "tripboard: 8 of 8 departures hidden by filters\n", none.stderr


def test_bad_filter_values_are_one_line():
    day = ("--date", "2016-07-29", *ON_THE_FIXTURES_DAY)
    expect_failure(run("departures", *day, "--depart-after", "25:00"), status=64, mentions="--depart-after: “25:00”")
    expect_failure(run("departures", *day, "--depart-after", "6pm"), status=64, mentions="not a time of day")
    expect_failure(run("departures", *day, "--depart-before", ""), status=64, mentions="--depart-before")
    expect_failure(run("departures", *day, "--depart-after", "10:00", "--depart-before", "10:00"), status=64,
                   mentions="the same time")
    expect_failure(run("departures", *day, "--max-price", "-5"), status=64, mentions="--max-price: “-5”")
    expect_failure(run("departures", *day, "--amenity", "pool"), status=64, mentions="wifi, power, toilet")
    expect_failure(run("departures", *day, "--operator", " "), status=64, mentions="--operator")
    help_text = run("departures", "--help").stdout
    for option in ["--operator <NAME>", "--depart-after <HH:MM>", "--depart-before <HH:MM>", "--max-price <AMOUNT>",
                   "--amenity <NAME>"]:
        assert option in help_text, option


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
                               TZ="America/Toronto", **home).stdout


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
        expect_failure(run("deals", "--base-url", f"{server.base}/deals/search", **nothing_kept()), status=1, mentions="HTTP 503")
        expect_failure(run("departures", "--base-url", server.base, **nothing_kept()), status=1, mentions="HTTP 502")
    with DemoServer(faults="deals=malformed") as server:
        expect_failure(run("deals", "--base-url", f"{server.base}/deals/search"), status=1, mentions="could not be read")


def test_unreachable_service_is_one_line():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    expect_failure(run("departures", "--base-url", f"http://127.0.0.1:{port}", **nothing_kept()), status=1,
                   mentions="could not reach")


def test_environment_selects_the_live_client():
    with DemoServer() as server:
        over_http = run("departures", "--json", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY, TRIPBOARD_BUSBUD_URL=server.base)
        assert over_http.returncode == 0, over_http.stderr
        assert over_http.stdout == run("departures", "--json", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY).stdout, \
            "HTTP and in-process demo agree"


def test_libcurl_is_loaded_with_the_first_live_request_and_never_for_the_demo():
    """The release binary loads libcurl, and the libraries only it needs, when URLSession first
    calls it (Sources/CCurlOnDemand), not at start: the demo never loads it, a live service does,
    and the answers are the same. The dynamic linker says what it loads (LD_DEBUG=files)."""
    demo = run("departures", "--json", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY, LD_DEBUG="files")
    assert demo.returncode == 0, demo.stderr
    assert "libcurl" not in demo.stderr and "libgnutls" not in demo.stderr, "the demo loaded the network's libraries"
    with DemoServer() as server:
        live = run("departures", "--json", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY, TRIPBOARD_BUSBUD_URL=server.base,
                   LD_DEBUG="files")
    assert live.returncode == 0, live.stderr
    loads = [line for line in live.stderr.splitlines() if "file=libcurl.so.4" in line]
    assert any("dynamically loaded by" in line for line in loads), loads or "libcurl was never loaded"
    assert not any("needed by" in line for line in loads), loads
    assert live.stdout == demo.stdout and json.loads(live.stdout), "HTTP and in-process demo agree"


def test_commands_never_load_the_maps_library():
    """The release binary does not name libshumate (Sources/CShumateOnDemand loads it with the
    window's first map, which the window tests check): no command, the favourites' among them,
    loads it or libsoup, which only it brings."""
    dynamic = subprocess.run(["readelf", "-d", BIN], capture_output=True, text=True, check=True).stdout
    assert "libshumate" not in dynamic and "libcurl" not in dynamic, "the binary names a library it loads on demand"
    for command in (("favourites", "--json"), ("deals", "--json"), ("--version",)):
        result = run(*command, LD_DEBUG="files")
        assert result.returncode == 0, result.stderr
        assert "libshumate" not in result.stderr and "libsoup" not in result.stderr, f"{command} loaded the map's libraries"


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


# Round Oxford Circus: stops OC, OE and OF are inside, OD (north of it) is not.
OXFORD_BOX = "51.5145,-0.1440,51.5155,-0.1400"
# Highett St & Church St, Richmond: the tram stops 4055 and 4155.
HIGHETT_BOX = "-37.8180,144.9980,-37.8160,145.0010"


def test_stops_in_a_box_are_every_services_stops_inside_nearest_the_centre_first():
    south, west, north, east = map(float, OXFORD_BOX.split(","))
    centre = ((south + north) / 2, (west + east) / 2)
    stops = json_of(run("stops", "--bbox", OXFORD_BOX, "--json"), "stop")
    assert {s["id"] for s in stops} == {"490000173OC", "490000173OE", "490000173OF"}, stops
    assert all(south <= s["lat"] <= north and west <= s["lon"] <= east for s in stops)
    assert [s["distance"] for s in stops] == sorted(s["distance"] for s in stops), "nearest the centre first"
    nearest = min(stops, key=lambda s: (s["lat"] - centre[0]) ** 2 + ((s["lon"] - centre[1]) * 0.62) ** 2)
    assert stops[0]["id"] == nearest["id"]
    # The same stops as --near would find, with the same fields.
    near = json.loads(run("stops", "--near", "51.51497,-0.14175", "--radius", "1", "--json").stdout)
    assert [n for n in near if n["id"] == "490000173OC"][0].keys() == stops[0].keys()
    trams = json_of(run("stops", "--bbox", HIGHETT_BOX, "--json"), "stop")
    assert sorted(s["id"] for s in trams) == ["4055", "4155"], trams
    table = run("stops", "--bbox", OXFORD_BOX).stdout.splitlines()
    assert table[0].split() == ["ID", "NAME", "LETTER", "ROUTES", "DISTANCE"] and table[1].startswith(stops[0]["id"]), table
    assert run("stops", "--bbox", "0,0,0.001,0.001").stdout.strip() == "No stops found.", "an empty box is a success"


def test_a_service_failing_leaves_out_only_its_stops_and_says_so():
    failing = run("stops", "--bbox", HIGHETT_BOX, "--json", TRIPBOARD_DEMO_FAULTS="stops=503")
    assert failing.returncode == 3, (failing.returncode, failing.stderr)
    assert sorted(s["id"] for s in json.loads(failing.stdout)) == ["4055", "4155"], "the trams' stops are printed"
    lines = failing.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tripboard: the London bus service could not be asked"), lines
    assert "HTTP 503" in lines[0], lines


def test_bbox_bad_input_is_one_line():
    for args, mentions in [(("--bbox", OXFORD_BOX, "--near", "51.5,-0.1"), "exactly one of --search"),
                           (("--bbox", OXFORD_BOX, "--search", "Oxford"), "exactly one of --search"),
                           (("--bbox", "51.5,-0.1,51.6"), "it has 3 values, not 4"),
                           (("--bbox", "51.5,west,51.6,-0.1"), "“west” is not a number"),
                           (("--bbox", "51.6,-0.1,51.5,0"), "south edge is north of its north edge"),
                           (("--bbox", "-91,0,0,1"), "latitudes are −90 to 90"),
                           (("--bbox", "-10,170,10,-170"), "180° meridian"),
                           (("--bbox", OXFORD_BOX, "--radius", "300"), "--radius goes with --near only")]:
        expect_failure(run("stops", *args), status=64, mentions=mentions)
    help = run("stops", "--help")
    assert help.returncode == 0 and "--bbox" in help.stdout and "S,W,N,E" in help.stdout, help.stdout


def test_tfl_failures_are_one_line_and_the_key_is_never_printed():
    with DemoServer(faults="arrivals=503,stops=malformed") as server:
        expect_failure(run("arrivals", "--stop", "490000173OE", TRIPBOARD_TFL_URL=server.base,
                           TRIPBOARD_TFL_APP_KEY="s3cret-key", **nothing_kept()), status=1, mentions="503")
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
        expect_failure(run("favourites", TRIPBOARD_DATA_DIR=data, TRIPBOARD_TFL_URL=server.base, **nothing_kept()), status=1,
                       mentions="503")


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


class BusbudLikeHandler(QuietHandler):
    """A Busbud-compatible service answering every search with `departures` in one complete page."""
    departures = []

    def do_GET(self):
        body = json.dumps({"cities": [], "locations": [{"id": 1, "name": "Port Authority"}, {"id": 2, "name": "Gare"}],
                           "operators": [{"id": "op", "name": "Greyhound"}], "departures": BusbudLikeHandler.departures,
                           "complete": True, "is_valid_route": True}).encode()
        self.reply(body)


def busbud_departure(number, **changes):
    departure = {"id": f"d{number}", "operator_id": "op", "origin_location_id": 1, "destination_location_id": 2,
                 "departure_time": f"2026-11-23T{8 + number:02d}:00:00", "arrival_time": f"2026-11-23T{16 + number % 6:02d}:00:00",
                 "departure_timezone": "America/New_York", "arrival_timezone": "America/Toronto",
                 "prices": {"total": 5000 + number, "currency": "USD"}, "available_seats": 10}
    departure.update(changes)
    return departure


def test_departures_with_unexpected_details_are_shown_and_what_is_unreadable_is_said():
    server = LocalServer(BusbudLikeHandler)
    base = server.base
    try:
        # Six good departures, each with a detail the service's documentation never promised.
        BusbudLikeHandler.departures = [busbud_departure(n, amenities=["wifi"], available_seats="many", trip_stops=None)
                                        for n in range(6)]
        read = run("departures", "--json", "--date", "2026-11-23", "--now", "2026-11-23T05:00:00Z", TRIPBOARD_BUSBUD_URL=base)
        assert read.returncode == 0 and read.stderr == "", read
        assert len(json.loads(read.stdout)) == 6

        # Two without a price: the rest print, and stderr says how many were left out and why.
        BusbudLikeHandler.departures += [busbud_departure(7, prices=None), busbud_departure(8, prices={"total": "n/a"})]
        partial = run("departures", "--json", "--date", "2026-11-23", "--now", "2026-11-23T05:00:00Z", TRIPBOARD_BUSBUD_URL=base)
        assert partial.returncode == 0 and len(json.loads(partial.stdout)) == 6, partial
        assert partial.stderr.strip().startswith("tripboard: 2 departures could not be read (the first: "), partial.stderr
        assert len(partial.stderr.strip().splitlines()) == 1

        # Nothing readable: a failure with one line, never an empty list.
        BusbudLikeHandler.departures = [busbud_departure(n, departure_time=None) for n in range(3)]
        expect_failure(run("departures", "--json", "--date", "2026-11-23", "--now", "2026-11-23T05:00:00Z", TRIPBOARD_BUSBUD_URL=base),
                       status=1, mentions="none of the 3 departures the service sent could be read")
    finally:
        server.close()


# ---- Issue 18: every contract field is written, `null` when unknown, never an absent key ------------

# Every field each `--json` shape writes (DESIGN.md's contract, and the fields more that the command line adds).
# Each shape a service's answer gives says when that answer arrived: `received` (issue 23).
SHAPES = {
    "departure": {"id", "operator", "origin", "destination", "departure", "arrival", "duration_minutes",
                  "arrives_next_day", "price_cents", "currency", "available_seats", "amenities", "received"},
    "deal": {"key", "type", "id", "title", "count", "min_price", "currency", "position", "image_url", "received"},
    "arrival": {"line", "destination", "towards", "vehicle", "stop_letter", "expected", "seconds", "received"},
    "tram": {"route", "destination", "predicted", "minutes", "display", "vehicle", "notices", "received"},
    "stop": {"id", "name", "letter", "lat", "lon", "lines", "distance", "received"},
    "favourite": {"provider", "id", "name", "letter", "routes", "title", "next", "status", "notices", "arrivals",
                  "received"},
    "setting": {"key", "value", "origin", "variable"},
}


class ScriptedService:
    """A live-shaped service on 127.0.0.1 that answers every request (GET or POST) with the JSON
    `answers` gives for the longest path prefix the request's path starts with; 404 for none.
    While `failing` is set, a (status, body) pair, every request gets that instead."""

    def __init__(self, answers):
        service = self
        self.failing = None

        class Handler(QuietHandler):
            def answer(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if service.failing:
                    status, body = service.failing
                    return self.reply(body, status=status)
                path = self.path.split("?")[0]
                prefix = max((p for p in answers if path.startswith(p)), key=len, default=None)
                body = json.dumps(answers[prefix]).encode() if prefix is not None else b""
                self.reply(body, status=200 if prefix is not None else 404)

            do_GET = do_POST = answer

        self.local = LocalServer(Handler)
        self.base = self.local.base

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.local.close()


def json_of(result, shape):
    """The printed array, each item checked to carry exactly `shape`'s fields."""
    assert result.returncode == 0, result.stderr
    items = json.loads(result.stdout)
    assert items, f"no {shape} printed"
    for item in items:
        assert set(item) == SHAPES[shape], f"{shape}: {sorted(set(item) ^ SHAPES[shape])} in {item}"
    return items


def test_every_json_shape_writes_every_field_on_the_demo():
    """Each shape on the built-in demo's answers, where every detail is known: the same key sets."""
    json_of(run("departures", "--json", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY), "departure")
    json_of(run("deals", "--json", "--now", NOW), "deal")
    json_of(run("arrivals", "--stop", "490000173OE", "--json", "--now", NOW), "arrival")
    json_of(run("trams", "--stop", "4057", "--json", "--now", NOW), "tram")
    json_of(run("stops", "--search", "Trafalgar", "--json"), "stop")
    json_of(run("stops", "--near", "51.5031,-0.1132", "--radius", "250", "--json"), "stop")
    json_of(run("stops", "--bbox", OXFORD_BOX, "--json"), "stop")
    json_of(run("settings", "--json", **fresh_home()), "setting")


def test_departures_json_writes_an_unknown_seat_count_as_null():
    """A departure whose service sent `available_seats: null`, or no seat count, no amenities and an
    operator and stations it never named: every field is still written, the unknown ones as null."""
    unknown = busbud_departure(1, available_seats=None, operator_id="nobody", origin_location_id=98,
                               destination_location_id=99)
    absent = busbud_departure(2)
    del absent["available_seats"]
    BusbudLikeHandler.departures = [unknown, absent]
    with LocalServer(BusbudLikeHandler) as server:
        result = run("departures", "--json", "--date", "2026-11-23", "--now", "2026-11-23T05:00:00Z",
                     TRIPBOARD_BUSBUD_URL=server.base)
    first, second = json_of(result, "departure")
    assert result.stdout.count('"available_seats" : null') == 2, result.stdout
    assert [first["id"], second["id"]] == ["d1", "d2"] and result.stderr == "", result
    assert (first["operator"], first["origin"], first["destination"]) == (None, None, None), first
    assert second["operator"] == "Greyhound" and second["amenities"] == [], second


def test_deals_json_writes_every_field_when_details_are_left_out():
    """A deal with only its key, title and price: its count, position and picture are null."""
    answer = {"HotelsByChildDestination": {"4|7": {"Title": "Nowhere-on-Sea", "MinPrice": 49.5}}}
    with ScriptedService({"/deals": answer}) as service:
        result = run("deals", "--json", "--now", NOW, TRIPBOARD_DEALS_URL=f"{service.base}/deals")
    [deal] = json_of(result, "deal")
    assert deal == {"key": "4|7", "type": 4, "id": 7, "title": "Nowhere-on-Sea", "count": None, "min_price": 49.5,
                    "currency": "GBP", "position": None, "image_url": None, "received": NOW}, deal


LEFT_OUT_ARRIVAL = {"lineName": "73", "expectedArrival": "2026-11-22T09:05:00Z"}
LEFT_OUT_STOP = {"naptanId": "490000999X", "commonName": "Nowhere Road", "stopType": "NaptanPublicBusCoachTram"}


def test_arrivals_and_stops_json_write_every_field_when_details_are_left_out():
    """A prediction with only its route and time; stops with only an id and a name."""
    answers = {"/StopPoint/490000999X/Arrivals": [LEFT_OUT_ARRIVAL], "/StopPoint/490000999X": LEFT_OUT_STOP,
               "/StopPoint/Search/": {"matches": [{"id": "490000999X"}]}, "/StopPoint": {"stopPoints": [LEFT_OUT_STOP]}}
    with ScriptedService(answers) as service:
        arrivals = run("arrivals", "--stop", "490000999X", "--json", "--now", NOW, TRIPBOARD_TFL_URL=service.base)
        found = run("stops", "--search", "Nowhere", "--json", "--now", "2026-11-23T10:00:00Z", TRIPBOARD_TFL_URL=service.base)
        near = run("stops", "--near", "51.5,-0.1", "--json", TRIPBOARD_TFL_URL=service.base, TRIPBOARD_NOW="2026-11-23T10:00:00Z")
    assert json_of(arrivals, "arrival") == [{"line": "73", "destination": None, "towards": None, "vehicle": None,
                                             "stop_letter": None, "expected": "2026-11-22T09:05:00Z", "seconds": 300,
                                             "received": NOW}]
    stop = {"id": "490000999X", "name": "Nowhere Road", "letter": None, "lat": None, "lon": None, "lines": [],
            "distance": None, "received": "2026-11-23T10:00:00Z"}
    assert json_of(found, "stop") == [stop] and json_of(near, "stop") == [stop], (found.stdout, near.stdout)


def test_trams_json_writes_every_field_when_details_are_left_out():
    """A prediction with only its route and time: no destination, tram number or messages."""
    at = 1_795_338_000_000 + 4 * 60_000  # 09:04 UTC on 22 November 2026, 4 minutes after NOW
    answers = {"/TramTracker/RestService/GetDeviceToken/": {"hasError": False, "hasResponse": True,
                                                           "responseObject": [{"DeviceToken": "t0k3n"}]},
               "/TramTracker/RestService/GetNextPredictedRoutesCollection/": {
                   "hasError": False, "hasResponse": True,
                   "responseObject": [{"RouteNo": "78", "PredictedArrivalDateTime": f"/Date({at}+1100)/"}]}}
    with ScriptedService(answers) as service:
        result = run("trams", "--stop", "4055", "--json", "--now", NOW, **fresh_home(),
                     TRIPBOARD_TRAMTRACKER_URL=f"{service.base}/TramTracker/RestService")
    assert json_of(result, "tram") == [{"route": "78", "destination": None, "predicted": "2026-11-22T09:04:00Z",
                                        "minutes": 4, "display": "8:04 pm (4 min)", "vehicle": None, "notices": [],
                                        "received": NOW}]


def test_favourites_and_settings_json_write_every_field_when_details_are_left_out():
    """A saved stop without a letter, whose arrivals carry only a route and a time; settings that no
    variable sets (`variable` null) beside one that a variable does."""
    home = fresh_home()
    assert run("favourites", "--json", **home).returncode == 0
    with sqlite3.connect(os.path.join(home["TRIPBOARD_DATA_DIR"], "tripboard.sqlite")) as db:
        db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) VALUES "
                   "('tfl', '490000999X', 'Nowhere Road', NULL, '[]', '[]', 0)")
    with ScriptedService({"/StopPoint/490000999X/Arrivals": [LEFT_OUT_ARRIVAL]}) as service:
        result = run("favourites", "--json", "--now", NOW, TRIPBOARD_TFL_URL=service.base, **home)
    [favourite] = json_of(result, "favourite")
    assert favourite["letter"] is None and favourite["name"] == "Nowhere Road", favourite
    assert favourite["received"] == NOW and favourite["arrivals"][0]["received"] == NOW, favourite
    assert [set(a) for a in favourite["arrivals"]] == [SHAPES["arrival"]], favourite
    assert favourite["arrivals"][0]["towards"] is None and favourite["arrivals"][0]["vehicle"] is None

    settings = {s["key"]: s for s in json_of(run("settings", "--json", TRIPBOARD_TFL_URL="http://127.0.0.1:9", **home),
                                             "setting")}
    assert settings["clock"]["variable"] is None and settings["tfl.url"]["variable"] == "TRIPBOARD_TFL_URL", settings


def test_the_built_in_demo_takes_faults_from_the_environment():
    failing = run("arrivals", "--stop", "490000173OE", TRIPBOARD_DEMO_FAULTS="arrivals=503", **nothing_kept())
    expect_failure(failing, status=1, mentions="HTTP 503")
    # A spec that cannot be read is said once and ignored: the demo answers as usual.
    ignored = run("arrivals", "--stop", "490000173OE", "--json", TRIPBOARD_DEMO_FAULTS="arrivals=teapot")
    assert ignored.returncode == 0 and json.loads(ignored.stdout), ignored
    assert ignored.stderr.startswith("tripboard: TRIPBOARD_DEMO_FAULTS: unknown fault “teapot”"), ignored.stderr


def test_the_time_limit_setting_is_in_force():
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH), **nothing_kept()}
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
    empty = nothing_kept()
    for fault, mentions in [("html", "web page instead of data"), ("empty", "the answer was empty"),
                            ("truncated", "not valid JSON"), ("huge", "more than 16 MiB"),
                            ("dropped", "connection was lost"), ("expired-token", "HTTP 401"),
                            ("429:60", "asks to wait 60 s")]:
        expect_failure(run("arrivals", "--stop", "490000173OE", TRIPBOARD_DEMO_FAULTS=f"arrivals={fault}", **empty),
                       status=1, mentions=mentions)
    for fault in ["503@1", "dropped@1", "429@1"]:
        recovered = run("arrivals", "--stop", "490000173OE", "--json", TRIPBOARD_DEMO_FAULTS=f"arrivals={fault}")
        assert recovered.returncode == 0 and json.loads(recovered.stdout), (fault, recovered.stderr)
    normal = json.loads(run("departures", "--json", "--now", NOW).stdout)
    for fault in ["duplicate", "shuffle"]:
        paged = run("departures", "--json", "--now", NOW, TRIPBOARD_DEMO_FAULTS=f"departures={fault},poll={fault}")
        assert paged.returncode == 0 and json.loads(paged.stdout) == normal, fault


# ---- Issue 23: useful without a network -------------------------------------------------------------

def offline_home():
    """Data and cache folders of the test's own (what it keeps, no other test finds), times on UTC's
    clock and the 24-hour clock, so the one offline line reads the same on every machine."""
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH), "TRIPBOARD_CACHE_DIR": tempfile.mkdtemp(dir=SCRATCH),
            "TZ": "UTC"}
    assert run("settings", "set", "clock", "24", **home).returncode == 0
    return home


def refuses_connections(base):
    """Whether nothing listens at `base`'s address any more."""
    host, port = base.split("//", 1)[1].split("/", 1)[0].rsplit(":", 1)
    try:
        socket.create_connection((host, int(port)), timeout=10).close()
        return False
    except ConnectionRefusedError:
        return True


def stop_serving(server):
    """Closes `server`, then waits until its address refuses connections (polled, never a fixed wait)."""
    server.close()
    deadline = time.monotonic() + 60
    while not refuses_connections(server.base):
        assert time.monotonic() < deadline, f"{server.base} still answers"
        time.sleep(0.05)


def later(seconds, start=NOW):
    """`start` plus `seconds`, as --now takes it."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(calendar.timegm(time.strptime(start, "%Y-%m-%dT%H:%M:%SZ")) + seconds))


def ago(seconds):
    """How the offline line says an answer's age."""
    return "just now" if seconds < 60 else f"{seconds // 60} min ago"


def gone_words(count):
    """What the offline line adds for kept arrivals whose time has passed."""
    return "" if count == 0 else "; One arrival left out: its time has passed" if count == 1 \
        else f"; {count} arrivals left out: their time has passed"


def without(items, *keys):
    return [{k: v for k, v in item.items() if k not in keys} for item in items]


def test_offline_deals_and_departures_are_the_kept_answer_with_one_line_naming_its_time():
    home = offline_home()
    with DemoServer(now=NOW) as server:
        deals_at = ("--base-url", f"{server.base}/deals/search")
        search = ("departures", "--json", "--date", "2026-11-22", "--base-url", server.base)
        deals = json_of(run("deals", "--json", "--now", NOW, *deals_at, **home), "deal")
        departures = json_of(run(*search, "--now", NOW, **home), "departure")
        assert {d["received"] for d in deals + departures} == {NOW}, "a live answer arrived at the app's clock"
        stop_serving(server)
        # 12 minutes on: the same deals and departures, each still saying when its answer arrived.
        for args, live, kind in [(("deals", "--json", *deals_at), deals, "deals"), (search, departures, "departures")]:
            kept = run(*args, "--now", later(12 * 60), **home)
            assert kept.returncode == 0, kept.stderr
            assert json.loads(kept.stdout) == live, f"{kind}: the kept answer as it was received"
            assert kept.stderr == f"tripboard: offline: showing {kind} from 09:00 (12 min ago)\n", kept.stderr
        # The table, on the Clock setting's clock and the clock TRIPBOARD_NOW pins (an hour and 5 minutes on).
        assert run("settings", "set", "clock", "12", **home).returncode == 0
        table = run("deals", *deals_at, **home, TRIPBOARD_NOW=later(65 * 60))
        assert table.returncode == 0 and table.stdout.splitlines()[0].split() == ["POS", "DESTINATION", "HOTELS", "FROM"]
        assert table.stderr == "tripboard: offline: showing deals from 9:00 am (1 h 05 min ago)\n", table.stderr


def test_offline_arrivals_count_down_from_their_expected_times_and_leave_out_those_gone():
    home = offline_home()
    with DemoServer(now=NOW) as server:
        live = json_of(run("arrivals", "--stop", "490000173OE", "--json", "--now", NOW, "--base-url", server.base, **home),
                       "arrival")
        assert {a["received"] for a in live} == {NOW} and len(live) >= 3, live
        stop_serving(server)
        # A minute on, then just past the second bus: each still to come is 60 s (or more) nearer, the rest are counted.
        for offset in [60, live[1]["seconds"] + 1, 30 * 60]:
            kept = run("arrivals", "--stop", "490000173OE", "--json", "--now", later(offset), "--base-url", server.base,
                       **home)
            assert kept.returncode == 0, kept.stderr
            coming = [dict(a, seconds=a["seconds"] - offset) for a in live if a["seconds"] >= offset]
            assert json.loads(kept.stdout) == coming, offset
            gone = len(live) - len(coming)
            assert gone >= 2 or offset != live[1]["seconds"] + 1, "the first two buses have gone"
            assert kept.stderr == f"tripboard: offline: showing arrivals from 09:00 ({ago(offset)}){gone_words(gone)}\n", \
                kept.stderr
        table = run("arrivals", "--stop", "490000173OE", "--now", later(60), "--base-url", server.base, **home)
        assert table.returncode == 0 and table.stdout.splitlines()[0].split()[:3] == ["ROUTE", "DESTINATION", "DUE"]
        # Past 30 minutes the kept buses say nothing useful: none is printed, and the run fails.
        expect_failure(run("arrivals", "--stop", "490000173OE", "--json", "--now", later(30 * 60 + 1),
                           "--base-url", server.base, **home),
                       status=1, mentions="No recent data since 09:00 (could not reach the service: the connection was refused)")


def tram_seconds(tram, now=NOW):
    return calendar.timegm(time.strptime(tram["predicted"], "%Y-%m-%dT%H:%M:%SZ")) - \
        calendar.timegm(time.strptime(now, "%Y-%m-%dT%H:%M:%SZ"))


def test_offline_trams_with_or_without_a_route_come_from_the_one_kept_answer():
    home = offline_home()
    with DemoServer(now=NOW) as server:
        base = ("--base-url", f"{server.base}/TramTracker/RestService")
        every = json_of(run("trams", "--stop", "4057", "--json", "--now", NOW, *base, **home), "tram")
        route = json_of(run("trams", "--stop", "4057", "--route", "78", "--json", "--now", NOW, *base, **home), "tram")
        assert route == [t for t in every if t["route"] == "78"] and {t["route"] for t in every} == {"70", "78"}, \
            "--route keeps that route's trams of the every-route answer"
        assert {t["received"] for t in every} == {NOW}
        stop_serving(server)
        for args, live in [((), every), (("--route", "78"), route)]:
            kept = run("trams", "--stop", "4057", *args, "--json", "--now", later(60), *base, **home)
            assert kept.returncode == 0, kept.stderr
            coming = [t for t in live if tram_seconds(t) >= 60]
            printed = json.loads(kept.stdout)
            assert without(printed, "minutes", "display") == without(coming, "minutes", "display"), args
            assert [t["minutes"] for t in printed] == [t["minutes"] - 1 for t in coming], "counted a minute down"
            assert kept.stderr == f"tripboard: offline: showing arrivals from 09:00 (1 min ago){gone_words(len(live) - len(coming))}\n", \
                kept.stderr
        expect_failure(run("trams", "--stop", "4057", "--now", later(31 * 60), *base, **home), status=1,
                       mentions="No recent data since 09:00")


def test_fresh_refuses_kept_answers():
    home = offline_home()
    with DemoServer(now=NOW) as server:
        commands = [("deals", "--base-url", f"{server.base}/deals/search"),
                    ("departures", "--date", "2026-11-22", "--base-url", server.base),
                    ("arrivals", "--stop", "490000173OE", "--base-url", server.base),
                    ("trams", "--stop", "4055", "--route", "78", "--base-url", f"{server.base}/TramTracker/RestService")]
        for args in commands:
            assert run(*args, "--json", "--now", NOW, **home).returncode == 0, args
        stop_serving(server)
        for args in commands:
            assert run(*args, "--json", "--now", later(60), **home).returncode == 0, f"{args}: kept"
            expect_failure(run(*args, "--json", "--fresh", "--now", later(60), **home), status=1,
                           mentions="could not reach the service: the connection was refused")
    assert "--fresh" in run("deals", "--help").stdout


def test_a_refusal_or_an_unreadable_answer_is_said_never_hidden_by_a_kept_one():
    home = offline_home()
    deal = {"HotelsByChildDestination": {"4|7": {"Title": "Nowhere-on-Sea", "MinPrice": 49.5}}}
    page = {"cities": [], "locations": [{"id": 1, "name": "Port Authority"}, {"id": 2, "name": "Gare"}],
            "operators": [{"id": "op", "name": "Greyhound"}], "departures": [busbud_departure(1)], "complete": True,
            "is_valid_route": True}
    answers = {"/deals": deal, "/StopPoint/490000999X/Arrivals": [LEFT_OUT_ARRIVAL], "/x-departures/": page}
    with ScriptedService(answers) as service:
        commands = [(("deals", "--json", "--now", NOW), {"TRIPBOARD_DEALS_URL": f"{service.base}/deals"}),
                    (("departures", "--json", "--date", "2026-11-23", "--now", "2026-11-23T05:00:00Z"),
                     {"TRIPBOARD_BUSBUD_URL": service.base}),
                    (("arrivals", "--stop", "490000999X", "--json", "--now", NOW), {"TRIPBOARD_TFL_URL": service.base})]
        for args, env in commands:
            assert run(*args, **home, **env).returncode == 0, args
        # (TfL's 404 says the stop is unknown: the one line says so, as it says a 404 elsewhere.)
        for failing, mentions in [((404, b'{"message": "no such thing"}'), ""),
                                  ((400, b'{"message": "bad request"}'), "HTTP 400"),
                                  ((200, b"<html>not data</html>"), "web page instead of data"),
                                  ((200, b'{"half'), "could not be read")]:
            service.failing = failing
            for args, env in commands:
                said = run(*args, **home, **env)
                expect_failure(said, status=1, mentions=mentions)
                assert "offline" not in said.stderr and ("404" in said.stderr or "no stop" in said.stderr or mentions), said.stderr
        # A 5xx is the network's kind of failure: the kept answer stands in for it.
        service.failing = (503, b"")
        for args, env in commands:
            shown = run(*args, **home, **env)
            assert shown.returncode == 0 and shown.stderr.startswith("tripboard: offline: showing "), (args, shown.stderr)


def test_offline_favourites_say_one_line_with_the_oldest_kept_time():
    home = offline_home()
    assert run("favourites", "--json", **home).returncode == 0  # makes the database
    with sqlite3.connect(os.path.join(home["TRIPBOARD_DATA_DIR"], "tripboard.sqlite")) as db:
        db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) VALUES "
                   "('tfl', '490000173OE', 'Oxford Circus Station', 'OE', '[]', '[]', 0), "
                   "('tramTracker', '4055', 'Highett St & Church St', NULL, '[]', '[\"78\"]', 1)")
    with DemoServer(now=NOW) as server:
        at = {"TRIPBOARD_TFL_URL": server.base, "TRIPBOARD_TRAMTRACKER_URL": f"{server.base}/TramTracker/RestService"}
        live = json_of(run("favourites", "--json", "--now", NOW, **home, **at), "favourite")
        assert [f["received"] for f in live] == [NOW, NOW] and all(a["received"] == NOW for f in live for a in f["arrivals"])
        # The tram stop asked again two minutes on: its kept answer is newer than the bus stop's.
        assert run("trams", "--stop", "4055", "--json", "--now", later(120), **home, **at).returncode == 0
        stop_serving(server)
        kept = run("favourites", "--json", "--now", later(5 * 60), **home, **at)
        bus, tram = json_of(kept, "favourite")
        assert kept.stderr == "tripboard: offline: showing arrivals from 09:00 (5 min ago)\n", "the oldest of the two"
        assert (bus["received"], tram["received"]) == (NOW, later(120)), (bus, tram)
        assert all(a["received"] == bus["received"] for a in bus["arrivals"]) and bus["arrivals"], bus
        assert all(a["received"] == tram["received"] and a["line"] == "78" for a in tram["arrivals"]) and tram["arrivals"]
        assert [dict(a, seconds=a["seconds"] - 300) for a in live[0]["arrivals"] if a["seconds"] >= 300] == bus["arrivals"]
        assert bus["status"] == "Couldn’t refresh (Can’t reach the London bus service) · showing arrivals from 5 min ago", bus
        # 31 minutes on the bus stop's answer is too old to show; the tram stop's (29 minutes) still is.
        half = run("favourites", "--json", "--now", later(31 * 60), **home, **at)
        bus, tram = json_of(half, "favourite")
        assert (bus["arrivals"], bus["received"], bus["status"], bus["next"]) == ([], None, "No recent data since 09:00",
                                                                               "No recent data since 09:00"), bus
        assert tram["arrivals"] and tram["received"] == later(120), tram
        assert half.stderr == "tripboard: offline: showing arrivals from 09:02 (29 min ago); " \
                              "1 of 2 stops could not be refreshed\n", half.stderr
        table = run("favourites", "--now", later(31 * 60), **home, **at)
        assert table.returncode == 0 and "No recent data since 09:00" in table.stdout and table.stderr == half.stderr
        # Every stop too old: nothing to show is a failure.
        expect_failure(run("favourites", "--json", "--now", later(40 * 60), **home, **at), status=1,
                       mentions="No recent data since 09:00 (could not reach the service: the connection was refused)")


def settings_json(home, **env):
    result = run("settings", "--json", **home, **env)
    assert result.returncode == 0, result.stderr
    return {entry["key"]: entry for entry in json.loads(result.stdout)}


def test_settings_lists_every_setting_and_where_it_comes_from():
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH)}
    listed = settings_json(home)
    assert listed["deals.source"] == {"key": "deals.source", "value": "demo", "origin": "default", "variable": None}
    assert listed["busbud.url"]["value"] == "https://napi.busbud.com" and listed["favourites.refresh_seconds"]["value"] == "30"

    changed = run("settings", "set", "favourites.refresh_seconds", "90", **home)
    assert changed.returncode == 0 and changed.stdout.strip() == "favourites.refresh_seconds = 90", changed
    assert settings_json(home)["favourites.refresh_seconds"] == {
        "key": "favourites.refresh_seconds", "value": "90", "origin": "saved", "variable": None}

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
                           (("search.currency", "GBP"), "USD, CAD or EUR"),
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
        failed = record(run("departures", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY, TRIPBOARD_BUSBUD_URL=server.base,
                            **home, **nothing_kept()))
        assert failed.returncode == 1 and "503" in failed.stderr, failed.stderr
        record(run("settings", "set", "tfl.source", "live", **home))
        record(run("settings", "set", "tfl.url", server.base, **home))
        record(run("arrivals", "--stop", "490000173OE", **home))
    record(run("departures", "--date", "2016-07-29", *ON_THE_FIXTURES_DAY, TRIPBOARD_BUSBUD_URL="http://127.0.0.1:9", **home))

    # A credentials file others can read is made private at once, and the person told.
    os.chmod(credentials, 0o644)
    loosened = record(run("settings", **home))
    assert "made it private" in loosened.stderr and os.stat(credentials).st_mode & 0o777 == 0o600, loosened.stderr
    for output in outputs:
        assert token not in output and key not in output and "7c41f0e2" not in output, output


# ---- Issue 28: nothing lost, nothing crashes, nothing claimed that did not happen -------------------

# What a message for people never carries: a Swift type's or function's name, a runtime's words, an errno.
NOT_FOR_PEOPLE = re.compile(r"Fatal error|Swift runtime|\w+Error\b|\bError\(|Optional\(|\w+\.\w+\(|\(\w+:\)|"
                            r"\w+\(\w+:|errno|NSError|Foundation\.|NIOCore|TripCore|TripApp|\.swift\b")


def run_in(args, stdin=None, stdout=subprocess.PIPE, stderr=subprocess.PIPE, shell_redirect="", **env):
    """Runs tripboard with its standard streams as given; `shell_redirect` (e.g. "2>&-") is applied by sh."""
    command = ["sh", "-c", f'exec "$@" {shell_redirect}', "sh", BIN, *args] if shell_redirect else [BIN, *args]
    return subprocess.run(command, env=environment(**env), stdin=stdin, stdout=stdout, stderr=stderr,
                          text=True, timeout=120)


def one_plain_line(result, status, mentions="", path_allowed=False):
    """The failure's shape: `status`, one line on stderr (see `message_lines`) starting "tripboard: ", naming what
    `mentions` says, with no Swift type name and no path (unless the message is about one)."""
    assert result.returncode == status, f"status {result.returncode}, wanted {status}: {result.stderr!r}"
    lines = message_lines(result)
    assert len(lines) == 1 and result.stderr.endswith("\n"), f"stderr should be one line: {result.stderr!r}"
    line = lines[0]
    assert line.startswith("tripboard: "), line
    assert mentions in line, f"{line!r} does not mention {mentions!r}"
    assert not NOT_FOR_PEOPLE.search(line), f"not for people: {line!r}"
    if not path_allowed:
        assert SCRATCH not in line and not re.search(r"(^|\s)/\w", line), f"a path: {line!r}"
    return line


def fresh_home():
    return {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH)}


def test_absurd_traveller_counts_are_refused_as_counts_not_a_crash():
    refused = run("departures", "--adults", "9223372036854775807", "--children", "1")
    one_plain_line(refused, 64, "--adults “9223372036854775807”: Choose 0 to 20 travellers.")
    for args, mentions in [(("--adults", "-1"), "--adults “-1”: Choose 0 to 20 travellers."),
                           (("--children", "99999999999999999999999"), "--children"),
                           (("--seniors", "two"), "--seniors “two”: Choose 0 to 20 travellers."),
                           (("--adults", "21"), "0 to 20"),
                           (("--adults", "15", "--children", "6"), "more than 20 travellers"),
                           (("--adults", "0"), "at least one traveller")]:
        one_plain_line(run("departures", *args), 64, mentions)
    most = run("departures", "--json", "--adults", "20", "--date", "2026-11-23", "--now", "2026-11-23T05:00:00Z")
    assert most.returncode == 0 and json.loads(most.stdout), most.stderr


def test_options_follow_the_same_rule_as_the_settings_they_stand_for():
    home = fresh_home()
    for option, key, value in [("--origin", "search.origin", "NYC"), ("--destination", "search.destination", "Atlantis"),
                               ("--currency", "search.currency", "GBP"), ("--lang", "search.language", "xx"),
                               ("--adults", "search.adults", "-1"), ("--children", "search.children", "abc")]:
        by_option = one_plain_line(run("departures", option, value, **home), 64, f"{option} “{value}”: ")
        by_setting = one_plain_line(run("settings", "set", key, value, **home), 64, f"{key}: ")
        assert by_option.split("”: ", 1)[1] == by_setting.split(f"{key}: ", 1)[1], (by_option, by_setting)
    one_plain_line(run("departures", "--origin", "NYC"), 64, "Choose one of Boston, Montréal, New York, ")
    one_plain_line(run("departures", "--origin", ""), 64, "--origin needs a value")
    assert settings_json(home) == settings_json(fresh_home()), "nothing was saved"
    # One rule: both trim what is typed around a value, so "New York " is New York on both paths.
    pinned = ("--json", "--date", "2026-11-23", "--now", "2026-11-23T05:00:00Z")
    spaced = run("departures", *pinned, "--origin", "New York ", "--destination", " montréal", **home)
    assert spaced.returncode == 0 and json.loads(spaced.stdout), spaced.stderr
    assert spaced.stdout == run("departures", *pinned, "--origin", "dr5reg", "--destination", "f25dvk", **home).stdout
    assert run("settings", "set", "search.origin", "Boston ", **home).stdout.strip() == "search.origin = drt2yz"


def test_a_leading_minus_is_a_value_where_a_value_is_expected():
    south = run("stops", "--near", "-33.8,151.2", "--json")
    assert south.returncode == 0 and json.loads(south.stdout) == [], south.stderr
    one_plain_line(run("stops", "--near", "-33.8,151.2", "--radius", "-5"), 64, "--radius must be between 1 and 5000")
    one_plain_line(run("stops", "--near", "-95,0"), 64, "“-95,0” is not a point")
    home = fresh_home()
    one_plain_line(run("settings", "set", "favourites.refresh_seconds", "-5", **home), 64, "10 to 600")
    assert settings_json(home)["favourites.refresh_seconds"]["origin"] == "default"


def test_an_impossible_moment_is_refused_on_the_command_line_and_said_from_the_environment():
    for moment in ["2026-02-30T12:00:00Z", "2026-11-22T25:00:00Z", "2026-11-22T09:60:00Z", "2026-11-22T9:00:00Z",
                   "2026-11-22T09:00:00+25:00", "2026-11-22T09:00:00 Z"]:
        one_plain_line(run("deals", "--now", moment), 64, "is not an ISO 8601 date and time")
    assert run("deals", "--json", "--now", "2026-11-22T09:00:00.5+01:00").returncode == 0
    said = run("deals", "--json", TRIPBOARD_NOW="2026-02-30T12:00:00Z")
    assert said.returncode == 0 and json.loads(said.stdout), said.stderr
    one_plain_line(said, 0, "TRIPBOARD_NOW “2026-02-30T12:00:00Z” is not an ISO 8601 date and time")


def test_now_and_tripboard_now_are_one_reader():
    """`--now` and `TRIPBOARD_NOW` take the same moments (a zone or Z required) and refuse the same
    ones in the same words: the option as a usage mistake (status 64), the variable as a notice
    with the real clock used instead."""
    for moment, wrong in [("2026-11-22T09:00:00", "has no zone: add Z for UTC or an offset"),
                          ("2026-11-22T09:00", "has no zone"), ("2026-11-22T09:00:00.5", "has no zone"),
                          ("2026-02-30T12:00:00Z", "is not an ISO 8601 date and time"),
                          ("2026-11-22", "is not an ISO 8601 date and time")]:
        by_option = one_plain_line(run("deals", "--json", "--now", moment), 64, f"“{moment}” {wrong}")
        said = run("deals", "--json", TRIPBOARD_NOW=moment)
        by_variable = one_plain_line(said, 0, f"TRIPBOARD_NOW “{moment}” {wrong}")
        assert json.loads(said.stdout), "the real clock is used"
        what = by_variable.split("TRIPBOARD_NOW ", 1)[1].removesuffix("; using the real clock")
        assert what != by_variable and by_option.endswith(": " + what), (by_option, by_variable)
    # The same instant however its zone is written, by either way in.
    pinned = run("arrivals", "--stop", "490000173OE", "--json", "--now", NOW)
    assert pinned.returncode == 0 and json.loads(pinned.stdout), pinned.stderr
    for moment in ["2026-11-22T09:00:00Z", "2026-11-22T09:00z", "2026-11-22T10:00:00+01:00", "2026-11-22T04:00:00.000-0500"]:
        by_option = run("arrivals", "--stop", "490000173OE", "--json", "--now", moment)
        by_variable = run("arrivals", "--stop", "490000173OE", "--json", TRIPBOARD_NOW=moment)
        assert (by_option.stdout, by_option.stderr) == (by_variable.stdout, by_variable.stderr) == (pinned.stdout, ""), moment


def test_only_the_days_a_service_sells_can_be_searched():
    today = ("--now", "2026-11-22T12:00:00Z")
    for day, mentions in [("0001-01-01", "0001-01-01 is in the past: choose a day from today (2026-11-22) to 2027-11-22."),
                          ("2026-11-21", "2026-11-21 is in the past"),
                          ("2027-11-23", "2027-11-23 is too far ahead: coaches are sold up to 365 days ahead, until 2027-11-22.")]:
        one_plain_line(run("departures", "--date", day, *today, TZ="UTC"), 64, mentions)
    for day in ["2026-11-22", "2027-11-22"]:
        sold = run("departures", "--json", "--date", day, *today, TZ="UTC")
        assert sold.returncode == 0 and json.loads(sold.stdout), (day, sold.stderr)


def test_a_failing_poll_prints_what_was_found_and_says_why_it_stopped():
    pinned = ("--date", "2026-11-23", "--now", "2026-11-23T05:00:00Z")
    everything = json.loads(run("departures", "--json", *pinned).stdout)
    # Nothing kept: the complete search kept by the run above would stand in for the failing poll's.
    empty = nothing_kept()
    stopped = run("departures", "--json", *pinned, TRIPBOARD_DEMO_FAULTS="poll=503", **empty)
    line = one_plain_line(stopped, 3, "the search stopped: ")
    found = json.loads(stopped.stdout)
    assert found and len(found) < len(everything), (len(found), len(everything))
    assert all(departure in everything for departure in found)
    assert "503" in line and f"showing the {len(found)} departures found so far" in line, line
    table = run("departures", *pinned, TRIPBOARD_DEMO_FAULTS="poll=503", **empty)
    one_plain_line(table, 3, "the search stopped: ")
    assert table.stdout.splitlines()[0].split()[:2] == ["DEPARTS", "ARRIVES"] and len(table.stdout.splitlines()) == len(found) + 1
    # Nothing found before the failure is a failure, exit 1, nothing printed.
    expect_failure(run("departures", *pinned, TRIPBOARD_DEMO_FAULTS="departures=503", **empty), status=1, mentions="503")


def test_a_reader_that_went_away_ends_the_command_quietly():
    for args in [("serve-demo", "--port", "0"), ("deals",), ("departures", "--json")]:
        reader, writer = os.pipe()
        os.close(reader)  # the reader is gone before the first byte: every write meets EPIPE
        try:
            result = subprocess.run([BIN, *args], env=environment(), stdout=writer, stderr=subprocess.PIPE,
                                    text=True, timeout=60)
        finally:
            os.close(writer)
        assert result.returncode == 0 and result.stderr == "", (args, result.returncode, result.stderr)


def test_output_that_cannot_be_written_is_one_line_and_a_failure():
    with open("/dev/full", "w") as full:
        result = run_in(["deals"], stdout=full)
    one_plain_line(result, 74, "could not write the output: No space left on device")
    closed = run_in(["deals", "--json"], shell_redirect=">&-")
    one_plain_line(closed, 74, "could not write the output: standard output is closed")


def test_when_stderr_is_gone_a_failure_still_fails_and_a_lost_line_is_no_success():
    for redirect in ["2>/dev/full", "2>&-"]:
        failed = run_in(["deals"], shell_redirect=redirect, TRIPBOARD_DEMO_FAULTS="deals=503", **nothing_kept())
        assert failed.returncode == 1 and failed.stdout == "", (redirect, failed.returncode)
        quiet = run_in(["deals", "--json"], shell_redirect=redirect)
        assert quiet.returncode == 0 and len(json.loads(quiet.stdout)) == 21, (redirect, quiet.returncode)
        # A warning that could not be said: the answer is printed, and the status says a line was lost.
        unsaid = run_in(["deals", "--json"], shell_redirect=redirect, TRIPBOARD_DEMO_FAULTS="deals=teapot")
        assert unsaid.returncode == 74 and len(json.loads(unsaid.stdout)) == 21, (redirect, unsaid.returncode)
    # With descriptor 2 closed, the database opened later never takes its place: the change is kept, intact.
    home = fresh_home()
    saved = run_in(["settings", "set", "clock", "24"], shell_redirect="2>&-", **home)
    assert saved.returncode == 0 and saved.stdout == "clock = 24\n", saved
    assert settings_json(home)["clock"] == {"key": "clock", "value": "24", "origin": "saved", "variable": None}
    with sqlite3.connect(os.path.join(home["TRIPBOARD_DATA_DIR"], "tripboard.sqlite")) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_tables_are_linear_and_cut_long_values_while_json_keeps_them_whole():
    home = fresh_home()
    url = "http://example.com/" + "a" * 100_000
    assert run("settings", "set", "deals.url", url, **home).returncode == 0
    started = time.monotonic()
    table = run("settings", **home)
    took = time.monotonic() - started
    assert table.returncode == 0, table.stderr
    assert took < 10, f"the table took {took:.1f} s"  # a minute and more when it was quadratic
    row = next(line for line in table.stdout.splitlines() if line.startswith("deals.url "))
    assert "http://example.com/aaa" in row and "…" in row and len(row) < 200, row
    assert all(len(line) < 200 for line in table.stdout.splitlines())
    assert all(line == line.rstrip() for line in table.stdout.splitlines()), "no line ends in spaces"
    assert settings_json(home)["deals.url"]["value"] == url, "--json keeps the value whole"


def test_a_credential_is_never_emptied_by_missing_input_and_is_cleared_only_on_purpose():
    home = fresh_home()
    credentials = os.path.join(home["TRIPBOARD_DATA_DIR"], "credentials.json")
    stored = subprocess.run([BIN, "settings", "set", "busbud.token", "-"], input="PLANTED-token-0123456789\n",
                            env=environment(**home), capture_output=True, text=True, timeout=60)
    assert stored.returncode == 0, stored.stderr
    kept = open(credentials).read()

    with open(os.devnull) as nothing:
        ended = run_in(["settings", "set", "busbud.token", "-"], stdin=nothing, **home)
    one_plain_line(ended, 64, "busbud.token: standard input ended before a line was read; nothing was changed")
    assert ended.stdout == ""
    for given in ["\n", "   \n"]:
        empty = subprocess.run([BIN, "settings", "set", "busbud.token", "-"], input=given, env=environment(**home),
                               capture_output=True, text=True, timeout=60)
        one_plain_line(empty, 64, "`tripboard settings clear busbud.token` removes it")
    one_plain_line(run("settings", "set", "busbud.token", "", **home), 64, "nothing was changed")
    assert open(credentials).read() == kept, "the saved token is untouched"
    assert settings_json(home)["busbud.token"] == {"key": "busbud.token", "value": "••••••••6789", "origin": "saved",
                                                 "variable": None}

    # Clearing is its own command, refused while a live service needs the token.
    assert run("settings", "set", "busbud.source", "live", **home).returncode == 0
    one_plain_line(run("settings", "clear", "busbud.token", **home), 64, "needs a Busbud token")
    assert open(credentials).read() == kept
    assert run("settings", "clear", "busbud.source", **home).stdout == "busbud.source = demo (the default)\n"
    cleared = run("settings", "clear", "busbud.token", **home)
    assert cleared.returncode == 0 and cleared.stdout == "busbud.token = (none) (the default)\n", cleared
    assert settings_json(home)["busbud.token"]["origin"] == "default"
    assert "PLANTED" not in open(credentials).read()
    one_plain_line(run("settings", "clear", "colour", **home), 64, "“colour” is not a setting")


def test_the_readme_says_which_subcommands_take_which_options():
    readme = " ".join(open(os.path.join(ROOT, "README.md")).read().split())
    assert "`deals`, `departures`, `arrivals`, `trams`, `stops`, `alert` and `favourites`, take `--base-url URL`" in readme
    unreachable = "http://127.0.0.1:9"
    for args in [("deals",), ("departures",), ("arrivals", "--stop", "490000173OE"), ("trams", "--stop", "4055"),
                 ("stops", "--search", "Oxford")]:
        result = run(*args, "--json", "--now", NOW, "--base-url", unreachable)
        one_plain_line(result, 1, "could not reach")
    assert json.loads(run("favourites", "--json", "--now", NOW, "--base-url", unreachable, **fresh_home()).stdout) == []
    assert run("settings", "--json").returncode == 0
    one_plain_line(run("settings", "--now", NOW), 64, "--now")
    pinned = subprocess.Popen([BIN, "serve-demo", "--port", "0", "--now", NOW], stdout=subprocess.PIPE, text=True,
                              env=environment())
    try:
        line = pinned.stdout.readline()
        assert "listening on http://127.0.0.1:" in line, line
        base = line.strip().rsplit(" ", 1)[1]
        over_http = run("arrivals", "--stop", "490000173OE", "--json", "--now", NOW, TRIPBOARD_TFL_URL=base)
        assert over_http.stdout == run("arrivals", "--stop", "490000173OE", "--json", "--now", NOW).stdout, \
            "serve-demo --now pins the demo's clock"
    finally:
        pinned.terminate()
        pinned.wait(timeout=10)


def test_a_port_in_use_is_named_with_what_to_do():
    with DemoServer() as server:
        port = server.base.rsplit(":", 1)[1]
        taken = run("serve-demo", "--port", port)
    one_plain_line(taken, 1, f"port {port} is already in use on 127.0.0.1; choose another with --port N, "
                             "or --port 0 for a free one")
    assert taken.stdout == ""


FUZZ_RUNS = int(os.environ.get("TRIPBOARD_CLI_FUZZ_RUNS", "300"))


def fuzz_arguments(rng):
    """One random command line: a subcommand, its options in any order, values good, bad or hostile."""
    values = ["", " ", "-", "--", "-1", "-0", "0", "1", "20", "21", "9223372036854775807", "-9223372036854775808",
              "9" * 40, "1e309", "nan", "-inf", "0x10", "１２", "٣", "New York", "New York ", "montréal", "NYC",
              "dr5reg", "f25dvk", "USD", "gbp", "en", "fr", "xx", "2026-11-23", "2026-02-30", "0001-01-01",
              "9999-12-31", "2026-11-23T05:00:00Z", "2026-02-30T12:00:00Z", "T25:00", "-33.8,151.2", "51.5,-0.14",
              "91,0", "1,2,3", "4055", "490000173OE", "78", "Oxford", "a/b", "%2F", "../../etc/passwd", "\u202e",
              "😀" * 3, "é" * 200, "x" * 5000, "--json", "--help", "-h", "\t", "a\nb", "deals=503", "poll=503",
              "teapot", "http://127.0.0.1:9", "ftp://x", "http://", "clock", "busbud.token", "appearance", "dark"]
    options = {
        "deals": ["--json", "--now", "--base-url"],
        "departures": ["--origin", "--destination", "--date", "--adults", "--children", "--seniors", "--currency",
                       "--lang", "--json", "--now", "--base-url", "--operator", "--depart-after", "--depart-before",
                       "--max-price", "--amenity"],
        "arrivals": ["--stop", "--json", "--now", "--base-url"],
        "trams": ["--stop", "--route", "--json", "--now", "--base-url"],
        "stops": ["--search", "--near", "--radius", "--bbox", "--json", "--now", "--base-url"],
        "favourites": ["--json", "--now", "--base-url"],
        "settings": ["--json"],
        "settings set": [],
        "settings clear": [],
        "serve-demo": ["--port", "--faults", "--now"],
    }
    command = rng.choice(list(options))
    args = command.split()
    if command in ("settings set", "settings clear"):
        args += [rng.choice(["clock", "appearance", "search.adults", "busbud.token", "tfl.url", "nope", rng.choice(values)])]
        args += [rng.choice(values) for _ in range(rng.randrange(0, 3 if command == "settings set" else 2))]
        return args
    # Values an option could take, so that half the time a run gets past parsing into the command.
    plausible = {"--origin": ["Boston", "New York", "toronto ", "dr5reg", "Québec City"],
                 "--destination": ["Montréal", "f25dvk", "Boston", "drt2yz"],
                 "--date": ["2026-11-23", "2026-11-24", "2027-11-23", "2026-12-31"],
                 "--adults": ["0", "1", "2", "20", "-0"], "--children": ["0", "1", "19"], "--seniors": ["0", "3"],
                 "--currency": ["usd", "CAD", "EUR"], "--lang": ["en", "fr", "FR"],
                 "--now": ["2026-11-23T05:00:00Z", "2026-11-23T23:59:59.999+05:30", "2026-11-22T09:00Z"],
                 "--stop": ["490000173OE", "490000235S", "4055", "4057", "0"], "--route": ["78", "70", "1"],
                 "--search": ["Oxford", "Waterloo", "zzz", "é"], "--near": ["51.5031,-0.1132", "-37.8,144.9", "0,0"],
                 "--bbox": ["51.5145,-0.1440,51.5155,-0.1400", "-37.8180,144.9980,-37.8160,145.0010", "1,2,3,4", "2,0,1,1"],
                 "--radius": ["1", "250", "5000", "5001", "-1"], "--faults": ["deals=503", "poll=teapot", ""],
                 "--operator": ["Greyhound", "flixbus", "Nobody"], "--depart-after": ["06:00", "23:59", "24:00"],
                 "--depart-before": ["6:30", "00:00", "12"], "--max-price": ["52.50", "0", "52,5", "1e3"],
                 "--amenity": ["wifi", "Power outlets", "pool"]}
    for _ in range(rng.randrange(0, 7)):
        option = rng.choice(options[command]) if rng.random() < 0.9 else rng.choice(["--nonsense", "-x", "--"])
        args.append(option)
        if option in ("--json", "--nonsense", "-x", "--"):
            continue
        if option == "--base-url":
            # Never a host that would need the network.
            args.append(rng.choice(["http://127.0.0.1:9", "not a url", "ftp://x", "http://", rng.choice(values)]))
        elif option == "--port":
            args.append(rng.choice(["-1", "65536", "99999999999999999999", "abc", "", "-0x1", "1e3"]))
        elif option in plausible and rng.random() < 0.5:
            args.append(rng.choice(plausible[option]))
        elif rng.random() < 0.95:
            args.append(rng.choice(values))
    if command == "serve-demo" and "--port" not in args:
        args += ["--port", "65536"]  # a valid port would serve until stopped
    if command != "serve-demo" and rng.random() < 0.2:
        # Values loose from their options: whatever follows an option is read as its value.
        tail = args[len(command.split()):]
        rng.shuffle(tail)
        args = command.split() + tail
    return args


def test_fuzzed_command_lines_never_crash():
    """Seeded: the same few hundred command lines every run (TRIPBOARD_CLI_FUZZ_SEED picks others)."""
    import concurrent.futures
    import random
    seed = int(os.environ.get("TRIPBOARD_CLI_FUZZ_SEED", "28"))
    rng = random.Random(seed)
    cases = [fuzz_arguments(rng) for _ in range(FUZZ_RUNS)]

    def attempt(args):
        env = environment(TRIPBOARD_DATA_DIR=tempfile.mkdtemp(dir=SCRATCH))
        process = subprocess.Popen([BIN, *args], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, errors="replace")
        try:
            out, err = process.communicate(timeout=90)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            return args, "timed out", err
        problems = []
        if not 0 <= process.returncode < 128:
            problems.append(f"status {process.returncode}")
        if "Fatal error" in err or "Swift runtime" in err or "Current stack trace" in err:
            problems.append("a trap")
        if process.returncode != 0 and args[0] != "serve-demo":
            lines = err.splitlines()
            # One "tripboard:" line; after a usage mistake, the usage and where help is.
            message, usage = lines[:1], lines[1:]
            if not message or not message[0].startswith("tripboard: ") or any(
                    line.startswith("tripboard: ") for line in usage) or (usage and not usage[0].startswith("Usage: ")):
                problems.append("stderr not in tripboard's lines")
            elif NOT_FOR_PEOPLE.search(message[0]):
                problems.append("a message not for people")
            elif "did not expect" in message[0]:
                problems.append("an error no message was written for")
        return args, "; ".join(problems), err

    with concurrent.futures.ThreadPoolExecutor(max_workers=6) as pool:
        failures = [(args, problem, err) for args, problem, err in pool.map(attempt, cases) if problem]
    assert not failures, "\n".join(f"{args!r}: {problem}: {err[-300:]!r}" for args, problem, err in failures[:10])


def subcommands(path=()):
    """The subcommands under `path`, as `tripboard … --help` lists them (read from the commands'
    configuration, so a new one is covered with no edit here), nested ones included."""
    listed = run(*path, "--help").stdout.split("SUBCOMMANDS:\n")
    if len(listed) < 2:
        return []
    names = [line.split()[0] for line in listed[1].split("\n\n")[0].splitlines()
             if line.startswith("  ") and not line.startswith("   ")]
    found = []
    for name in names:
        found.append((*path, name))
        found += subcommands((*path, name))
    return found


SWIFT_TYPES = re.compile(r"CommandError|ParserError|ArgumentParser\.|Swift\.|\w+Error\(|\w+\((\w+:)+\)")


def test_help_prints_for_the_tool_and_every_subcommand():
    """`--help`, `-h` and `help NAME` for the tool and each subcommand: status 0, the help on
    stdout and nothing on stderr, no Swift type names, an example of the command, and help text
    on every option."""
    paths = [()] + subcommands()
    assert ("departures",) in paths and ("settings", "set") in paths, paths
    for path in paths:
        for args in [(*path, "--help"), (*path, "-h"), ("help", *path)]:
            result = run(*args)
            where = " ".join(args)
            assert result.returncode == 0, f"{where}: status {result.returncode} {result.stderr!r}"
            assert result.stderr == "", f"{where}: {result.stderr!r}"
            assert result.stdout.startswith("OVERVIEW: "), f"{where}: {result.stdout[:80]!r}"
            assert not SWIFT_TYPES.search(result.stdout), f"{where}: {SWIFT_TYPES.search(result.stdout)}"
            example = f"  tripboard {' '.join(path) or 'departures'}".rstrip() if path != ("settings", "show") \
                else "  tripboard settings show"
            assert "Example" in result.stdout and example in result.stdout, f"{where}: no example {example!r}"
            options = result.stdout.split("OPTIONS:\n")[1].split("\n\n")[0].splitlines() \
                if "OPTIONS:\n" in result.stdout else []
            for line in options:
                # An option's line is its name then, two spaces on, its help (or its help on the next line).
                if line.startswith("  -") and "  " not in line.strip():
                    following = options[options.index(line) + 1] if options.index(line) + 1 < len(options) else ""
                    assert following.startswith(" " * 10), f"{where}: {line.strip()} has no help"
    departures = run("help", "departures").stdout
    assert 'tripboard departures --origin "New York" --destination Montréal' in departures
    assert "--json" in departures.split("USAGE:")[0], "the departures example prints JSON"
    assert "search.currency setting" in departures, "a settings-backed option names its setting"


def version(binary=None):
    result = subprocess.run([binary or BIN, "--version"], env=environment(), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == "", result
    assert re.fullmatch(r"tripboard \d+\.\d+\.\d+\n", result.stdout), result.stdout
    return result.stdout.split()[1]


class AgentHandler(http.server.BaseHTTPRequestHandler):
    """Remembers the User-Agent of each request; answers 503."""
    agents = []

    def do_POST(self):
        AgentHandler.agents.append(self.headers.get("User-Agent"))
        self.send_response(503)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST

    def log_message(self, *args):
        pass


def test_one_version_for_the_command_line_and_every_service():
    """`tripboard --version` is one line, and it is the version each service is told in the
    User-Agent (the install test checks the metainfo's newest release against it too)."""
    server = LocalServer(AgentHandler)
    try:
        AgentHandler.agents = []
        run("deals", "--base-url", f"{server.base}/deals")
        assert AgentHandler.agents, "the service was asked"
        assert set(AgentHandler.agents) == {f"Tripboard/{version()} (+https://github.com/tripboard/tripboard)"}, \
            AgentHandler.agents
    finally:
        server.close()


def test_a_usage_mistake_says_so_with_the_usage():
    """An unknown option or a missing value: status 64, the mistake on one "tripboard:" line, then
    the command's usage and where its help is, on stderr; nothing on stdout."""
    for args, mistake in [(["deals", "--bogus"], "Unknown option '--bogus'"),
                          (["departures", "--adults"], "Missing value for '--adults <adults>'"),
                          (["departures", "--date", "2026-13-01"], "is not a date")]:
        result = run(*args)
        assert result.returncode == 64, (args, result.returncode)
        assert result.stdout == "", result.stdout
        lines = result.stderr.splitlines()
        assert lines[0].startswith("tripboard: ") and mistake in lines[0], lines
        assert lines[1].startswith(f"Usage: tripboard {args[0]} "), lines
        assert f"tripboard {args[0]} --help" in lines[2], lines
        assert not SWIFT_TYPES.search(result.stderr), result.stderr


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP_ID = "io.github.tripboard.Tripboard"
INSTALLED = {"bin/tripboard", f"share/applications/{APP_ID}.desktop", f"share/metainfo/{APP_ID}.metainfo.xml",
             f"share/icons/hicolor/scalable/apps/{APP_ID}.svg", f"share/icons/hicolor/symbolic/apps/{APP_ID}-symbolic.svg",
             f"share/icons/hicolor/128x128/apps/{APP_ID}.png",
             *(os.path.relpath(icon, os.path.join(ROOT, "Sources", "TripApp", "Icons")).replace("hicolor", "share/icons/hicolor", 1)
               for icon in glob.glob(os.path.join(ROOT, "Sources", "TripApp", "Icons", "hicolor", "*", "status", "*.symbolic.png"))),
             *(f"share/locale/{lang}/LC_MESSAGES/{APP_ID}.mo" for lang in open(os.path.join(ROOT, "po", "LINGUAS")).read().split())}


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
    assert "GenericName[fr]=Planificateur de voyage" in entry.splitlines(), "the French names are merged in"
    metainfo = os.path.join(prefix, "share/metainfo", f"{APP_ID}.metainfo.xml")
    checked = subprocess.run(["appstreamcli", "validate", "--no-net", metainfo], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text = open(metainfo).read()
    assert f'<translation type="gettext">{APP_ID}</translation>' in text
    assert '<summary xml:lang="fr">' in text, "the French summary is merged in"
    releases = re.findall(r'<release version="([^"]+)"', text)
    assert releases and releases[0] == version(os.path.join(prefix, "bin", "tripboard")), releases
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
    french = subprocess.run([os.path.join(moved, "bin", "tripboard"), "stops", "--bbox", "1"], cwd="/",
                            env=environment(LANGUAGE="fr", LANG="fr_FR.UTF-8"), capture_output=True, text=True, timeout=120)
    assert "elle a 1 valeur au lieu de 4" in french.stderr, f"the installed catalogues are found: {french.stderr}"

    subprocess.run([*make, "install"], check=True, capture_output=True, timeout=1200)
    subprocess.run([*make, "uninstall"], check=True, capture_output=True, timeout=120)
    assert files_under(stage) == set(), sorted(files_under(stage))


FRENCH = {"LANGUAGE": "fr", "LANG": "fr_FR.UTF-8"}


def test_a_mistake_is_said_in_french_on_one_line_with_the_same_status():
    for box, english, french in [("51.5,-0.1,51.6", "it has 3 values, not 4", "elle a 3 valeurs au lieu de 4"),
                                 ("51.5", "it has 1 value, not 4", "elle a 1 valeur au lieu de 4")]:
        expect_failure(run("stops", "--bbox", box), status=64, mentions=english)
        expect_failure(run("stops", "--bbox", box, **FRENCH), status=64, mentions=french)
    expect_failure(run("stops", "--bbox", "51.5,west,51.6,-0.1", **FRENCH), status=64,
                   mentions="«\u00a051.5,west,51.6,-0.1\u00a0» n’est pas une zone S,O,N,E\u00a0: «\u00a0west\u00a0» "
                           "n’est pas un nombre de degrés")


def test_json_is_the_same_bytes_in_every_language():
    for args in [("stops", "--bbox", OXFORD_BOX, "--json", "--now", "2026-11-23T08:30:00Z"),
                 ("deals", "--json", "--now", "2026-11-23T08:30:00Z"),
                 ("trams", "--stop", "4055", "--json", "--now", "2026-11-23T08:30:00Z"),
                 ("arrivals", "--stop", "490000173OE", "--json", "--now", "2026-11-23T08:30:00Z"),
                 ("departures", "--json", "--now", "2026-11-23T04:00:00Z"), ("settings", "--json")]:
        plain = run(*args, LANG="C.UTF-8", LANGUAGE=None)
        french = run(*args, **FRENCH)
        assert plain.returncode == 0 and french.returncode == 0, (plain.stderr, french.stderr)
        assert plain.stdout == french.stdout, f"{args}: the JSON changed with the language"


def test_the_language_chosen_in_settings_wins_over_the_desktops():
    """`settings set language` speaks from the next command on; `--json` stays English, and the
    search's names follow the interface language unless one is saved for them."""
    data = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(prefix="tripboard-language-", dir=SCRATCH)}
    english = {"LANG": "en_GB.UTF-8", "LANGUAGE": None, **data}
    assert json.loads(run("settings", "--json", **english).stdout)  # the folder made, nothing chosen
    assert run("settings", "set", "language", "fr", **english).returncode == 0
    expect_failure(run("stops", "--bbox", "51.5", **english), status=64, mentions="elle a 1 valeur au lieu de 4")
    settings = {entry["key"]: entry for entry in json.loads(run("settings", "--json", **english).stdout)}
    assert settings["language"]["value"] == "fr"
    assert settings["search.language"]["value"] == "en", "--json speaks English, and asks for English names"
    table = run("settings", **english).stdout
    assert re.search(r"search\.language +fr +par défaut", table), table

    assert run("settings", "set", "language", "en", **FRENCH, **data).returncode == 0
    expect_failure(run("stops", "--bbox", "51.5", **FRENCH, **data), status=64, mentions="it has 1 value, not 4")
    assert run("settings", "clear", "language", **FRENCH, **data).returncode == 0
    expect_failure(run("stops", "--bbox", "51.5", **FRENCH, **data), status=64, mentions="elle a 1 valeur au lieu de 4")


def test_times_durations_distances_and_prices_read_as_each_locale_writes_them():
    """The words (a time, a duration, a countdown) follow the language's catalogue, the prices the
    locale's rules; U+00A0 keeps "6 h 00" and "68,00 $US" on one line."""
    nb = "\u00a0"
    expected = {
        "en_US": {"time": "06:00", "duration": "8 h 05 min", "tram": "19:31 (1 min)", "distance": "18 m",
                  "USD": "$68.00", "CAD": "CA$92.48", "EUR": "€62.56", "GBP": "£352.89"},
        "en_GB": {"time": "06:00", "duration": "8 h 05 min", "tram": "19:31 (1 min)", "distance": "18 m",
                  "USD": "US$68.00", "CAD": "CA$92.48", "EUR": "€62.56", "GBP": "£352.89"},
        "fr_FR": {"time": f"6{nb}h{nb}00", "duration": f"8{nb}h{nb}05", "tram": f"19{nb}h{nb}31 (dans 1{nb}min)",
                  "distance": "18 m", "USD": f"68,00{nb}$US", "CAD": f"92,48{nb}$CA", "EUR": f"62,56{nb}€",
                  "GBP": f"352,89{nb}£GB"},
        "fr_CA": {"time": f"6{nb}h{nb}00", "duration": f"8{nb}h{nb}05", "tram": f"19{nb}h{nb}31 (dans 1{nb}min)",
                  "distance": "18 m", "USD": f"68,00{nb}${nb}US", "CAD": f"92,48{nb}$", "EUR": f"62,56{nb}€",
                  "GBP": f"352,89{nb}£"},
    }
    data = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(prefix="tripboard-formats-", dir=SCRATCH)}
    assert run("settings", "set", "clock", "24", **data).returncode == 0
    for locale, words in expected.items():
        env = {"LANG": f"{locale}.UTF-8", "LANGUAGE": None, **data}

        def first_row(*args):
            result = run(*args, **env)
            assert result.returncode == 0, (locale, args, result.stderr)
            return result.stdout.splitlines()[1]

        for currency in ("USD", "CAD", "EUR"):
            row = first_row("departures", "--now", "2026-11-23T04:00:00Z", "--currency", currency)
            for part in (words["time"], words["duration"], words[currency]):
                assert part in row, f"{locale}: {part!r} not in {row!r}"
        assert words["GBP"] in first_row("deals", "--now", "2026-11-23T08:30:00Z"), locale
        assert words["tram"] in first_row("trams", "--stop", "4055", "--now", "2026-11-23T08:30:00Z"), locale
        assert first_row("stops", "--near", "51.515,-0.142").endswith(" " + words["distance"]), locale


def test_the_catalogues_choose_plurals_by_their_own_rule():
    """French takes the singular for 0 and 1, English for 1 alone; 1,000 is plural in both."""
    import gettext
    folder = os.path.dirname(os.path.realpath(BIN))
    while not os.path.isdir(os.path.join(folder, "locale")) and folder != "/":
        folder = os.path.dirname(folder)
    locale_dir = os.path.join(folder, "locale")  # .build/locale, where the built binary finds it
    french = gettext.translation("io.github.tripboard.Tripboard", locale_dir, languages=["fr"])
    english = gettext.NullTranslations()
    for count, fr, en in [(0, "0 départ", "0 departures"), (1, "1 départ", "1 departure"),
                          (2, "2 départs", "2 departures"), (1000, "1000 départs", "1000 departures")]:
        assert french.ngettext("%ld departure", "%ld departures", count).replace("%ld", str(count)) == fr
        assert english.ngettext("%ld departure", "%ld departures", count).replace("%ld", str(count)) == en


# --- tripboard alert -------------------------------------------------------------------------

KINGS_CROSS_D = "490000121D"
ALERT_NOW = "2026-11-22T14:00:00Z"


def alert_home(refresh_seconds=None):
    """A data folder of the test's own, with the refresh interval set when asked (10 s at least)."""
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(dir=SCRATCH)}
    if refresh_seconds is not None:
        assert run("settings", "set", "favourites.refresh_seconds", str(refresh_seconds), **home).returncode == 0
    return home


def first_arrivals(stop=KINGS_CROSS_D):
    """The demo's first arrival of each line at `stop` at NOW, as `arrivals --json` prints it."""
    firsts = {}
    for arrival in json.loads(run("arrivals", "--stop", stop, "--json", "--now", NOW).stdout):
        firsts.setdefault(arrival["line"], arrival)
    return firsts


def timed(*args, **env):
    started = time.monotonic()
    result = run(*args, **env)
    return result, time.monotonic() - started


class SequenceTfL:
    """A TfL-like service on 127.0.0.1: stop 490000121D is Catford Bridge Station (Stop D) on
    routes 124 and 171, and its arrivals answer `answers` in turn, one a request, the last again
    once they run out. `asked` counts the arrivals requests."""

    def __init__(self, answers):
        asked = []

        class Handler(QuietHandler):
            def do_GET(self):
                path = self.path.split("?")[0]
                if path == "/StopPoint/490000121D/Arrivals":
                    self.reply(json.dumps(answers[min(len(asked), len(answers) - 1)]).encode())
                    asked.append(path)
                elif path == "/StopPoint/490000121D":
                    self.reply(json.dumps({"naptanId": "490000121D", "commonName": "Catford Bridge Station",
                                           "stopLetter": "D", "stopType": "NaptanPublicBusCoachTram",
                                           "lat": 51.444, "lon": -0.024,
                                           "lines": [{"name": "124"}, {"name": "171"}]}).encode())
                else:
                    self.reply(b'{"message": "not recognised"}', status=404)

        self.asked = asked
        self.local = LocalServer(Handler)
        self.base = self.local.base

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.local.close()


def bus(vehicle, seconds, line="124"):
    """A prediction `seconds` after ALERT_NOW."""
    expected = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1795356000 + seconds))
    return {"lineName": line, "destinationName": "Eltham", "vehicleId": vehicle, "platformName": "D",
            "expectedArrival": expected}


def test_alert_fires_at_once_when_the_first_arrival_is_within_the_minutes():
    first = first_arrivals()["73"]
    result = run("alert", "--stop", KINGS_CROSS_D, "--line", "73", "--within", "30", "--now", NOW)
    assert result.returncode == 0 and result.stderr == "", result
    due = first["expected"][11:16]  # London keeps UTC in November
    when = f"{first['seconds'] // 60} min, due {due}" if first["seconds"] >= 60 else f"due {due}"
    assert result.stdout == f"73 to {first['destination']}: {when} at King's Cross Station (Stop D)\n", result.stdout


def test_alert_json_prints_the_arrival_or_the_tram_of_the_contract():
    first = first_arrivals()["73"]
    printed = json_of(run("alert", "--stop", KINGS_CROSS_D, "--line", "73", "--within", "30", "--json", "--now", NOW),
                      "arrival")
    assert printed == [first], (printed, first)
    trams = json.loads(run("trams", "--stop", "4055", "--route", "78", "--json", "--now", NOW).stdout)
    tram = json_of(run("alert", "--tram-stop", "4055", "--line", "78", "--within", "30", "--json", "--now", NOW), "tram")
    assert tram == trams[:1], (tram, trams[:1])


def test_alert_waits_on_the_refresh_interval_and_follows_its_bus_until_it_is_within_the_minutes():
    # 8 min away, then (the same bus; a sooner 124 is another bus) 4 min 10 s away: within 5 at the second refresh.
    with SequenceTfL([[bus("LX1", 480), bus("LX9", 900)], [bus("LX2", 100), bus("LX1", 250)]]) as service:
        result, took = timed("alert", "--stop", KINGS_CROSS_D, "--line", "124", "--within", "5", "--timeout", "60",
                             "--now", ALERT_NOW, "--base-url", service.base, **alert_home(refresh_seconds=10))
        assert result.returncode == 0, result.stderr
        assert result.stdout == "124 to Eltham: 4 min, due 14:04 at Catford Bridge Station (Stop D)\n", result.stdout
        assert len(service.asked) == 2 and 9 < took < 40, (service.asked, took)


def test_alert_says_at_once_when_the_route_does_not_call_at_the_stop():
    with SequenceTfL([[bus("LX1", 480)]]) as service:
        result, took = timed("alert", "--stop", KINGS_CROSS_D, "--line", "999", "--within", "5", "--now", ALERT_NOW,
                             "--base-url", service.base)
        expect_failure(result, status=1, mentions="no route 999 at Catford Bridge Station (Stop D)")
        assert took < 10 and service.asked == [], (took, service.asked)
    result, took = timed("alert", "--tram-stop", "4055", "--line", "999", "--within", "5", "--now", NOW)
    expect_failure(result, status=1, mentions="no route 999 at ")
    expect_failure(run("alert", "--stop", "NOPE", "--line", "73", "--within", "5", "--now", NOW), status=1)


def test_alert_gives_up_when_its_timeout_passes_first():
    line, first = next((line, a) for line, a in first_arrivals().items() if a["seconds"] >= 180)
    result, took = timed("alert", "--stop", KINGS_CROSS_D, "--line", line, "--within", "1", "--timeout", "2", "--now", NOW)
    expect_failure(result, status=124, mentions=f"gave up after 2 seconds: route {line} to {first['destination']} "
                                                "was not within 1 min of King's Cross Station (Stop D)")
    assert 1.5 < took < 15, took


def test_alert_says_when_its_bus_vanishes_and_offers_the_next():
    with SequenceTfL([[bus("LX1", 600), bus("LX2", 1200)], [bus("LX2", 1190)]]) as service:
        result = run("alert", "--stop", KINGS_CROSS_D, "--line", "124", "--within", "5", "--timeout", "60",
                     "--now", ALERT_NOW, "--base-url", service.base, **alert_home(refresh_seconds=10))
        expect_failure(result, status=1, mentions="The bus on route 124 to Eltham is no longer predicted at "
                                                  "Catford Bridge Station (Stop D). The next one is 19 min away.")


def test_alert_says_it_cannot_follow_after_three_failed_refreshes():
    result, took = timed("alert", "--stop", KINGS_CROSS_D, "--line", "73", "--within", "5", "--timeout", "120",
                         "--now", NOW, TRIPBOARD_DEMO_FAULTS="arrivals=503", **alert_home(refresh_seconds=10))
    expect_failure(result, status=1, mentions="Can’t follow the bus on route 73 at King's Cross Station (Stop D): "
                                              "the last 3 refreshes failed.")
    assert "503" in result.stderr, result.stderr
    assert 18 < took < 100, f"three refreshes 10 s apart took {took:.1f} s"


def test_alert_bad_input_is_one_line():
    for args, mentions in [(("--line", "73", "--within", "5"), "exactly one of --stop"),
                           (("--stop", KINGS_CROSS_D, "--tram-stop", "4055", "--line", "73", "--within", "5"), "exactly one"),
                           (("--stop", KINGS_CROSS_D, "--line", "73", "--within", "0"), "--within must be 1 to 30"),
                           (("--stop", KINGS_CROSS_D, "--line", "73", "--within", "31"), "--within must be 1 to 30"),
                           (("--stop", KINGS_CROSS_D, "--line", "7 3", "--within", "5"), "--line"),
                           (("--tram-stop", "x", "--line", "78", "--within", "5"), "--tram-stop"),
                           (("--stop", KINGS_CROSS_D, "--line", "73", "--within", "5", "--timeout", "0"), "--timeout")]:
        expect_failure(run("alert", *args, "--now", NOW), status=64, mentions=mentions)


# ArgumentParser writes these itself and cannot be told other words: its headings, its own help
# and version flags, the "(default: …)" and "(values: …)" it adds after an option's help.
ARGUMENT_PARSER_OWN = re.compile("|".join(re.escape(own) for own in [
    "OVERVIEW:", "USAGE:", "OPTIONS:", "ARGUMENTS:", "SUBCOMMANDS:", "-h, --help", "Show help information.", "--version",
    "Show the version.", "(default: ", "(values: ", "(default)"]) + r"|See 'tripboard help [^']*' for detailed help\.")
# Command-line syntax is not words to translate: options and their value names, a command line
# (usage, examples, continued over lines by "\") written as it is typed, and a subcommand's name
# where --help lists them.
COMMAND_SYNTAX = re.compile(r"(?<![\w-])--?[a-z][\w.-]*|<[^<>\s]+>|^\s*tripboard\b(?:.*\\\n)*.*$"
                            r"|tripboard( [a-z-]+)*|^  [a-z-]+(?=  )", re.M)


def test_nothing_escapes_translation_on_the_command_line():
    """Every subcommand's table, one-line errors (a sample of mistakes and failing services) and
    --help, run in the pseudo-language (Tests/support/pseudo.py: every catalogue message in ⟦…⟧),
    hold no English word outside brackets by the rule written there: service data, numbers and
    names pass; a word of the template's English does not. In --help, what ArgumentParser writes
    itself (ARGUMENT_PARSER_OWN) and command-line syntax (COMMAND_SYNTAX) are set aside first."""
    pl = pseudo.environment()
    home = {"TRIPBOARD_DATA_DIR": tempfile.mkdtemp(prefix="tripboard-cli-"), **nothing_kept()}
    run("favourites", "--json", **home)  # makes the database
    with sqlite3.connect(os.path.join(home["TRIPBOARD_DATA_DIR"], "tripboard.sqlite")) as db:
        db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) VALUES "
                   "('tfl', '490000235S', 'Trafalgar Square', 'S', '[\"11\",\"24\"]', '[\"24\"]', 1), "
                   "('tfl', '490000173OE', 'Oxford Circus Station', 'OE', '[]', '[]', 0)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    now = ("--now", NOW)
    day = ("--date", "2016-07-29", *ON_THE_FIXTURES_DAY)
    tables = [("deals", *now), ("departures", *day), ("departures", *day, "--amenity", "wifi", "--max-price", "60"),
              ("departures", *day, "--max-price", "1"), ("stops", "--bbox", OXFORD_BOX), ("stops", "--search", "Waterloo"),
              ("stops", "--near", "51.515,-0.142"), ("stops", "--bbox", "0,0,0.001,0.001"),
              ("arrivals", "--stop", "490000173OE", *now), ("trams", "--stop", "4055", *now), ("trams", "--stop", "4057", *now),
              # Kept by the run before: the service failing, its answer a minute on, with the offline line.
              ("arrivals", "--stop", "490000173OE", "--now", later(60), {"TRIPBOARD_DEMO_FAULTS": "arrivals=503"}),
              ("favourites", *now), ("settings",), ("settings", "show"), ("settings", "set", "search.currency", "CAD"),
              ("--version",)]
    mistakes = [("stops",), ("stops", "--near", "north"), ("stops", "--bbox", "51.5"), ("stops", "--bbox", "51.5,west,51.6,-0.1"),
                ("arrivals", "--stop", "no-such-stop"), ("trams", "--stop", "9999"), ("trams", "--stop", "north"),
                ("departures", *day, "--depart-after", "25:00"), ("departures", *day, "--amenity", "pool"),
                ("departures", *day, "--depart-after", "10:00", "--depart-before", "10:00"),
                ("departures", "--origin", "dr5reg", "--destination", "dr5reg"), ("departures", "--adults", "0"),
                ("departures", "--date", "2016-02-30"), ("deals", "--now", "yesterday"), ("deals", "--base-url", "not a url"),
                ("deals", "--bogus"), ("departures", "--adults"), ("settings", "set", "no.such", "1"),
                ("settings", "set", "favourites.refresh_seconds", "1"), ("settings", "set", "search.currency", "XYZ"),
                ("serve-demo", "--faults", "deals=teapot"),
                ("arrivals", "--stop", "490000173OE", "--fresh", {"TRIPBOARD_DEMO_FAULTS": "arrivals=503"}),
                ("arrivals", "--stop", "490000173OE", "--now", later(31 * 60), {"TRIPBOARD_DEMO_FAULTS": "arrivals=503"}),
                ("trams", "--stop", "4055", {"TRIPBOARD_DEMO_FAULTS": "trams=garbage"}),
                ("deals", {"TRIPBOARD_DEMO_FAULTS": "deals=empty"}),
                ("departures", *day, {"TRIPBOARD_DEMO_FAULTS": "poll=500"}),
                ("departures", "--base-url", f"http://127.0.0.1:{port}")]
    settings = json.loads(run("settings", "--json", **home).stdout)
    typed = sorted({word for setting in settings for word in (setting["key"], setting["value"]) if word}, key=len, reverse=True)
    setting_words = re.compile("|".join(rf"(?<![\w.]){re.escape(word)}(?![\w.])" for word in typed))
    found = []
    for args in [*tables, *mistakes]:
        is_table, env = args in tables, dict(home, **pl)
        if isinstance(args[-1], dict):
            env.update(args[-1])
            args = args[:-1]
        result = run(*args, **env)
        # Each run says something: a table (or its empty-result line), or its mistake on stderr.
        assert (result.returncode == 0 and (result.stdout or result.stderr)) if is_table else result.stderr, \
            f"{args}: status {result.returncode}, {result.stdout!r} {result.stderr!r}"
        lines = result.stdout.splitlines() + message_lines(result)
        if args[0] == "settings":  # a setting's name and value are as typed, like an option's
            lines = [setting_words.sub(" ", line) for line in lines]
        try:
            pseudo.check(lines, " ".join(args))
        except AssertionError as problem:
            found.append(str(problem))
    for path in [()] + subcommands():
        # ArgumentParser wraps a message over lines: brackets are matched across the whole help.
        text = ARGUMENT_PARSER_OWN.sub(" ", pseudo.outside_brackets(run(*path, "--help", **pl).stdout))
        try:
            pseudo.check_document(COMMAND_SYNTAX.sub(" ", text), f"{' '.join(path)} --help")
        except AssertionError as problem:
            found.append(str(problem))
    assert not found, "\n".join(found)


if __name__ == "__main__":
    # `test_cli.py NAME…` runs only the tests whose names contain one of the NAMEs.
    wanted = sys.argv[1:]
    chosen = {name: value for name, value in globals().items()
              if not name.startswith("test_") or not wanted or any(part in name for part in wanted)}
    sys.exit(run_tests(chosen, "cli"))

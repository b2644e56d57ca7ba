"""Command-line tests: the real tripboard binary, its output, exit statuses and error lines,
against the in-process demo and `tripboard serve-demo` on 127.0.0.1. Prints 'N passed, N failed'."""
import json
import os
import socket
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
from tripboard_test import BIN, DemoServer, environment, run_tests  # noqa: E402


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
    result = run("departures", "--json")
    assert result.returncode == 0, result.stderr
    departures = json.loads(result.stdout)
    assert len(departures) == 8
    assert [d["departure"] for d in departures] == sorted(d["departure"] for d in departures)
    late = departures[-1]
    assert late["departure"] == "2016-07-29T23:30:00-04:00" and late["arrives_next_day"] is True
    assert set(late) >= {"id", "operator", "origin", "destination", "departure", "arrival", "duration_minutes",
                         "arrives_next_day", "price_cents", "currency", "available_seats", "amenities"}


def test_departures_defaults_are_the_forms():
    explicit = run("departures", "--json", "--origin", "dr5reg", "--destination", "f25dvk", "--date", "2016-07-29",
                   "--adults", "1", "--children", "0", "--seniors", "0", "--currency", "USD", "--lang", "en")
    assert explicit.stdout == run("departures", "--json").stdout


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
        over_http = run("departures", "--json", TRIPBOARD_BUSBUD_URL=server.base)
        assert over_http.returncode == 0, over_http.stderr
        assert over_http.stdout == run("departures", "--json").stdout, "HTTP and in-process demo agree"


def test_serve_demo_refuses_nonsense_faults():
    expect_failure(run("serve-demo", "--faults", "deals=teapot"), mentions="teapot")


if __name__ == "__main__":
    sys.exit(run_tests(globals(), "cli"))

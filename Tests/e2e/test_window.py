"""End-to-end tests: the real Tripboard window under Xvfb, driven over AT-SPI by accessible names,
the way a screen-reader user drives it. Run through Tests/e2e/run.sh (which provides the display,
the session bus and the accessibility bus); prints 'N passed, N failed' and exits non-zero on failure."""
from dogtail.config import config

config.checkForA11y = False  # must precede the import of dogtail.tree
config.logDebugToFile = False
config.logDebugToStdOut = False

import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

import pyatspi
import dogtail.tree as tree
from dogtail.predicate import GenericPredicate

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
from tripboard_test import BIN, ROOT, DemoServer, environment, run_tests  # noqa: E402

SHOTS = os.path.join(ROOT, "screenshots")
TABS = ["Deals", "Search", "Favourites", "Settings"]


def wait_for(what, condition, timeout=20.0):
    """Polls `condition` until it returns something truthy; fails the test naming `what` otherwise."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition()
            if value:
                return value
        except Exception:  # nodes vanish while the UI changes; look again
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.1)


def find(node, role=None, name=None, visible=False):
    """First descendant with this role and exact name (and, if asked, visible now)."""
    def match(candidate):
        if role and candidate.roleName != role:
            return False
        if name is not None and candidate.name != name:
            return False
        return not visible or candidate.getState().contains(pyatspi.STATE_VISIBLE)
    return node.findChild(match, retry=False, requireResult=False)


def find_all(node, role):
    return node.findChildren(GenericPredicate(roleName=role))


def screenshot(name):
    os.makedirs(SHOTS, exist_ok=True)
    subprocess.run(["/usr/bin/import", "-window", "root", "-crop", "970x770+0+0", "+repage",
                    "-define", "png:exclude-chunks=date,time",
                    os.path.join(SHOTS, name)], check=True)


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


class App:
    """The real tripboard binary, launched with its own data and cache folders."""

    def __init__(self, **env):
        self.home = tempfile.mkdtemp(prefix="tripboard-e2e-")
        self.process = subprocess.Popen([BIN], env=environment(
            TRIPBOARD_DATA_DIR=os.path.join(self.home, "data"),
            TRIPBOARD_CACHE_DIR=os.path.join(self.home, "cache"), **env))
        self.node = wait_for("the tripboard application on the accessibility bus", self._find)
        self.window = wait_for("the Tripboard window", lambda: find(self.node, "frame", "Tripboard"))

    def _find(self):
        for application in tree.root.applications():
            if application.name == "tripboard" and application.get_process_id() == self.process.pid:
                return application
        return None

    def tab(self, name):
        return wait_for(f"the {name} tab", lambda: find(self.node, "page tab", name))

    def select(self, name):
        tab = self.tab(name)
        tab.doActionNamed("click")
        wait_for(f"the {name} tab to be selected", lambda: tab.getState().contains(pyatspi.STATE_SELECTED))

    def dialog(self):
        """The message dialog on screen, if any (a toplevel of its own)."""
        for child in self.node.children:
            # Toplevels never report SHOWING without a window manager; VISIBLE they do.
            if child.roleName in ("dialog", "alert") and child.getState().contains(pyatspi.STATE_VISIBLE):
                return child
        return None

    def rows(self, list_name):
        """The accessible names of the rows the list has made (those on screen, and a few more)."""
        found = find(self.node, "list", list_name)
        if found is None:
            return []
        return [item.children[0].name for item in found.children if item.children]

    def deal_rows(self):
        return self.rows("Deals")

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def demo_environment(server):
    """Points the window's deals at `server` (a DemoServer)."""
    return {"TRIPBOARD_DEALS_URL": f"{server.base}/deals/search",
            "TRIPBOARD_DEALS_IMAGE_URL": f"{server.base}/deals/images/{{type}}/{{id}}?width={{width}}&height={{height}}"}


def cli_deals(**env):
    out = subprocess.run([BIN, "deals", "--json"], env=environment(**env), check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def cli_departures(**env):
    out = subprocess.run([BIN, "departures", "--json"], env=environment(**env), check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def departure_sentence(departure):
    """What a Departures row says, built from the command line's JSON (times local to each end)."""
    later = " the next day" if departure["arrives_next_day"] else ""
    return (f"Departs {departure['departure'][11:16]} from {departure['origin']}, "
            f"arrives {departure['arrival'][11:16]}{later} at {departure['destination']}, "
            f"{departure['operator']}, US${departure['price_cents'] / 100:,.2f}")


def labels(node):
    return [label.name for label in find_all(node, "label")]


def sentence(deal):
    hotels = "1 hotel" if deal["count"] == 1 else f"{deal['count']} hotels"
    return f"{deal['title']}, {hotels}, from £{deal['min_price']:,.2f}"


# ----------------------------------------------------------------------------------------------

def test_four_tabs_and_demo_deals():
    expected = cli_deals()
    app = App()
    try:
        for name in TABS:
            app.tab(name)
        wait_for(f"'{len(expected)} destinations' on the Deals tab",
                 lambda: any(label.name.startswith(f"{len(expected)} destinations ·")
                             for label in find_all(app.node, "label")))
        rows = wait_for("the first deals in the list", lambda: app.deal_rows() if len(app.deal_rows()) >= 5 else None)
        wanted = [sentence(deal) for deal in expected[:len(rows)]]
        assert rows == wanted, f"rows {rows} != command line {wanted}"
        time.sleep(1.0)  # pictures arrive after the rows; let them land for the screenshot
        screenshot("deals.png")
        for name in ["Search", "Favourites", "Settings"]:
            app.select(name)
            time.sleep(0.4)  # the tab switch crossfades
            screenshot(f"{name.lower()}.png")
        app.select("Deals")
        time.sleep(1.0)
        before = cpu_ticks(app.process.pid)
        time.sleep(3.0)
        used = cpu_ticks(app.process.pid) - before
        print(f"    idle window: {used} CPU ticks (1/100 s) over 3 s")
    finally:
        app.close()


def test_loading_shows_a_named_spinner():
    server = DemoServer(faults="deals=hang@1")
    app = App(**demo_environment(server))
    try:
        wait_for("the spinner named Loading", lambda: find(app.window, "filler", "Loading", visible=True))
        screenshot("deals-loading.png")
        assert app.deal_rows() == [], "nothing is listed while loading"
    finally:
        app.close()
        server.close()


def test_retry_dialog_after_failed_first_request():
    server = DemoServer(faults="deals=503@1")
    app = App(**demo_environment(server))
    try:
        dialog = wait_for("the error dialog", app.dialog)
        text = " ".join(label.name for label in find_all(dialog, "label"))
        assert "503" in text, f"dialog says: {text}"
        assert find(dialog, "push button", "Cancel") is not None, "dialog has no Cancel"
        screenshot("deals-error.png")
        find(dialog, "push button", "Retry").doActionNamed("click")
        wait_for("the dialog to close", lambda: app.dialog() is None)
        rows = wait_for("deals after Retry", lambda: app.deal_rows() if len(app.deal_rows()) >= 5 else None)
        assert rows[0].startswith("Canary Islands, "), rows
    finally:
        app.close()
        server.close()


def test_cancel_leaves_retry_in_the_page():
    server = DemoServer(faults="deals=500@1")
    app = App(**demo_environment(server))
    try:
        dialog = wait_for("the error dialog", app.dialog)
        find(dialog, "push button", "Cancel").doActionNamed("click")
        wait_for("the dialog to close", lambda: app.dialog() is None)
        retry = wait_for("a Retry button in the page", lambda: find(app.window, "push button", "Retry", visible=True))
        screenshot("deals-error-cancelled.png")
        retry.doActionNamed("click")
        wait_for("deals after the page's Retry", lambda: len(app.deal_rows()) >= 5)
    finally:
        app.close()
        server.close()


def test_failed_refresh_keeps_the_deals():
    server = DemoServer(faults="deals=503@2-2")
    app = App(**demo_environment(server))
    try:
        rows = wait_for("deals", lambda: app.deal_rows() if len(app.deal_rows()) >= 5 else None)
        find(app.window, "push button", "Refresh").doActionNamed("click")
        notice = wait_for("the notice that the refresh failed",
                          lambda: next((label for label in find_all(app.window, "label")
                                        if "Showing what was loaded earlier" in label.name), None))
        assert "503" in notice.name, notice.name
        assert app.dialog() is None, "a failed refresh must not open a dialog over the deals"
        assert app.deal_rows()[:len(rows)] == rows, "the deals on screen changed"
        screenshot("deals-refresh-failed.png")
        find(app.window, "push button", "Retry", visible=True).doActionNamed("click")
        wait_for("the notice to go", lambda: not any("Showing what was loaded earlier" in label.name
                                                     for label in find_all(app.window, "label")
                                                     if label.getState().contains(pyatspi.STATE_VISIBLE)))
    finally:
        app.close()
        server.close()


def test_search_shows_departures_as_they_arrive():
    expected = cli_departures()
    app = App()
    try:
        app.select("Search")
        wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
        wait_for("the running count", lambda: any(text.startswith("Searching… ") for text in labels(app.window)), timeout=10)
        screenshot("search-progress.png")
        wait_for(f"'{len(expected)} departures'", lambda: f"{len(expected)} departures" in labels(app.window))
        rows = app.rows("Departures")
        wanted = [departure_sentence(departure) for departure in expected]
        assert len(rows) >= min(6, len(wanted)), rows
        assert rows == wanted[:len(rows)], f"rows {rows} != command line {wanted}"
        screenshot("search.png")

        find(find(app.node, "list", "Departures"), "panel", rows[0]).click()
        wait_for("the details' Stops", lambda: "Stops" in labels(app.window))
        assert f"{expected[0]['origin']} → {expected[0]['destination']}" in labels(app.window)
        screenshot("search-details.png")
        find(app.window, "push button", "Back").doActionNamed("click")
        wait_for("the list again", lambda: "Stops" not in labels(app.window))
        assert app.rows("Departures")[:len(rows)] == rows, "Back returns to the same list"
        time.sleep(1.0)
        before = cpu_ticks(app.process.pid)
        time.sleep(3.0)
        print(f"    idle after a search: {cpu_ticks(app.process.pid) - before} CPU ticks (1/100 s) over 3 s")
    finally:
        app.close()


def test_failed_search_retries_the_same_search():
    server = DemoServer(faults="departures=503@1")
    app = App(TRIPBOARD_BUSBUD_URL=server.base)
    try:
        app.select("Search")
        wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
        dialog = wait_for("the error dialog", app.dialog)
        assert "503" in " ".join(labels(dialog))
        screenshot("search-error.png")
        find(dialog, "push button", "Retry").doActionNamed("click")
        wait_for("departures after Retry", lambda: "8 departures" in labels(app.window))
    finally:
        app.close()
        server.close()


def test_failed_poll_keeps_the_departures_found():
    server = DemoServer(faults="poll=500")
    app = App(TRIPBOARD_BUSBUD_URL=server.base)
    try:
        app.select("Search")
        wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
        notice = wait_for("the notice above the kept departures",
                          lambda: next((text for text in labels(app.window) if "Showing what was loaded earlier" in text), None))
        assert "500" in notice, notice
        assert app.dialog() is None, "rows stay on screen; the notice says what went wrong"
        assert len(app.rows("Departures")) > 0
        assert any(text.endswith("found before the search failed") for text in labels(app.window))
        screenshot("search-partial.png")
    finally:
        app.close()
        server.close()


class MarkupDealsHandler(http.server.BaseHTTPRequestHandler):
    """A deals service whose title holds markup and whose picture is not an image."""
    body = json.dumps({"Aggregates": {"HotelsByChildDestination": {
        "4|1": {"Title": "<b>Bold</b> & Isles", "Count": 3, "MinPrice": 99.5, "Position": 0},
        "4|2": {"Title": "Broken", "Count": 0},
    }}}).encode()

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self._send(200, "application/json", self.body)

    def do_GET(self):
        self._send(200, "image/jpeg", b"<html>not a picture</html>")

    def _send(self, status, kind, body):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_titles_are_plain_text_and_broken_pictures_keep_placeholders():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), MarkupDealsHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    app = App(TRIPBOARD_DEALS_URL=f"{base}/deals", TRIPBOARD_DEALS_IMAGE_URL=f"{base}/img/{{id}}.jpg")
    try:
        rows = wait_for("the one good deal", app.deal_rows)
        assert rows == ["<b>Bold</b> & Isles, 3 hotels, from £99.50"], rows
        wait_for("the title shown as typed", lambda: find(app.window, "label", "<b>Bold</b> & Isles"))
        wait_for("the note about the left-out entry",
                 lambda: any("1 left out" in label.name for label in find_all(app.window, "label")))
        time.sleep(1.0)  # the broken picture has been fetched and refused by now
        assert app.dialog() is None, "a broken picture must not open an error dialog"
        screenshot("deals-plain-text.png")
    finally:
        app.close()
        server.shutdown()


if __name__ == "__main__":
    sys.exit(run_tests(globals(), "e2e"))

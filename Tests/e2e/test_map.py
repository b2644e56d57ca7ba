"""The map of stops on Add Stop (issue 20, first part), in the real window over AT-SPI: it opens on
the favourites with their pins, says "Zoom in to see stops" when zoomed out (and drops the pins),
shows them again zoomed in, a pin opens its panel whose star adds the stop to the favourites, and
"Stops in this area" lists the same stops by their sentences. No tile is fetched unless Settings
turns tiles on: then they come from the tile address, credited, over the base map."""
import os
import re
import struct
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib

import pyatspi
from dogtail import rawinput

from harness import (BIN, App, DemoServer, LocalServer, QuietHandler, find, find_all, labels, laid_out, mapped_libraries, screenshot,
                     wait_for)
from test_settings import choose, scroll_into_view, settings_page
from test_favourites import favourite_rows, part, seed
from test_window_keeps import pick


def pins(view):
    """The pins on the map: buttons named by their stop's sentence."""
    return sorted(button.name for button in find_all(view, "push button") if ", stop " in button.name and laid_out(button))


def open_map(app):
    app.select("Favourites")
    wait_for("Add Stop", lambda: find(part(app, "Favourites list"), "push button", "Add Stop")).doActionNamed("click")
    view = wait_for("the Add Stop view", lambda: part(app, "Add Stop"))
    pick(view, "Search by", 2)
    return view


def test_the_map_shows_the_favourites_stops_and_a_pin_adds_one():
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
    app = App(home=home)
    try:
        view = open_map(app)
        found = wait_for("the pins round the favourite", lambda: (shown := pins(view)) and len(shown) >= 4 and shown)
        assert "Oxford Circus Station, stop OC, routes 12, 88, 94, 139, 159, 453, favourite" in found, found
        rows = wait_for("Stops in this area", lambda: app.rows("Stops in this area"))
        assert sorted(rows) == found, f"the list names the same stops as the pins: {rows} / {found}"
        assert "100 m" in labels(view), "the scale at zoom 16 in London"
        screenshot("map.png")

        zoom_out = find(view, "push button", "Zoom out")
        for _ in range(4):
            zoom_out.doActionNamed("click")
        wait_for("Zoom in to see stops", lambda: "Zoom in to see stops" in labels(view) and not pins(view))
        wait_for("the scale at zoom 12", lambda: "2 km" in labels(view))
        screenshot("map-zoomed-out.png")
        zoom_in = find(view, "push button", "Zoom in")
        for _ in range(4):
            zoom_in.doActionNamed("click")
        wait_for("the pins again", lambda: len(pins(view)) >= 4 and "Zoom in to see stops" not in labels(view))

        pin = next(name for name in pins(view) if name.startswith("Oxford Circus Station, stop OE"))
        find(view, "push button", pin).doActionNamed("click")
        wait_for("the pin's panel", lambda: "Oxford Circus Station (Stop OE)" in labels(view))
        star = find(view, "push button", "Favourite")  # GTK 4.8 gives a toggle button the push button's role
        star.doActionNamed("click")
        wait_for("the pin to say favourite", lambda: any(name.startswith("Oxford Circus Station, stop OE")
                                                           and name.endswith(", favourite") for name in pins(view)))
        screenshot("map-panel.png")
    finally:
        app.close()

    again = App(home=home)
    try:
        again.select("Favourites")
        wait_for("the starred stop in Favourite Stops",
                 lambda: any(row.startswith("Oxford Circus Station, stop OE") for row in favourite_rows(again)))
    finally:
        again.close()


def test_the_maps_library_is_loaded_with_the_first_map():
    """libshumate, and the libraries only it brings (libsoup, Kerberos…), are loaded when the first
    map is made, not before the window starts: the release build calls libshumate through
    Sources/CShumateOnDemand and does not name it (`make test` runs this test on it too). The
    debug build names it, so loads it at start: there only the map's half is asked."""
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
    named = "libshumate" in subprocess.run(["readelf", "-d", BIN], capture_output=True, text=True, check=True).stdout
    app = App(home=home)
    try:
        app.select("Deals")
        wait_for("the deals", lambda: app.rows("Deals"))
        if not named:
            loaded = mapped_libraries(app)
            assert not any(name.startswith(("libshumate", "libsoup", "libkrb5")) for name in loaded), \
                f"the window loaded the map's libraries before a map: {sorted(loaded)}"
        view = open_map(app)
        wait_for("the pins round the favourite", lambda: len(pins(view)) >= 4)
        loaded = mapped_libraries(app)
        assert "libshumate-1.0.so.1.0" in loaded and any(name.startswith("libsoup-3.0") for name in loaded), sorted(loaded)
    finally:
        app.close()


def png(width, height, rgb):
    """A plain PNG of one colour, made here: a tile of the test's own, no map data."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class TileServer(LocalServer):
    """Tiles at /{z}/{x}/{y}.png: a grey one where x + y is even, a failure (503) where it is odd,
    so the base map must show through; every request is kept."""

    def __init__(self):
        requests, lock, tile = [], threading.Lock(), png(256, 256, (200, 200, 210))

        class Handler(QuietHandler):
            def do_GET(self):
                with lock:
                    requests.append(self.path)
                z, x, y = (int(part) for part in self.path.strip("/").removesuffix(".png").split("/"))
                if (x + y) % 2:
                    self.send_error(503)
                    return
                self.reply(tile, "image/png")

        super().__init__(Handler)
        self.lock, self._requests = lock, requests

    @property
    def requests(self):
        with self.lock:
            return list(self._requests)


def test_tiles_come_only_once_settings_turns_them_on_and_are_credited():
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
    with TileServer() as tiles:
        app = App(home=home, TRIPBOARD_MAP_TILE_URL=tiles.base + "/{z}/{x}/{y}.png")
        try:
            view = open_map(app)
            wait_for("the pins round the favourite", lambda: len(pins(view)) >= 4)
            assert tiles.requests == [], f"tiles are off by default, yet were asked for: {tiles.requests}"
            assert "© OpenStreetMap contributors" not in labels(view)
            assert any(label in labels(view) for label in ("Oxford Circus", "Trafalgar Square")), \
                f"the base map's landmarks: {labels(view)}"

            choose(settings_page(app), "Map Background", 1)
            app.select("Favourites")
            view = wait_for("the Add Stop view", lambda: part(app, "Add Stop"))
            wait_for("tiles asked for at the map's zoom", lambda: any(path.startswith("/16/") for path in tiles.requests))
            wait_for("the tiles' credit", lambda: "© OpenStreetMap contributors" in labels(view))
            assert all(path.count("/") == 3 and path.endswith(".png") for path in tiles.requests), tiles.requests
            screenshot("map-tiles.png")
        finally:
            app.close()


def test_a_departures_details_end_with_a_map_of_the_trip():
    # A morning's search, whatever the hour the test runs: late in the day the demo's day has one
    # departure left, in one page, and no later pages to go on behind the details.
    app = App(TRIPBOARD_NOW="2026-11-23T08:30:00Z")
    try:
        app.select("Search")
        view = wait_for("the Search view", lambda: find(app.window, "panel", "Search form and results"))
        find(view, "push button", "Search").doActionNamed("click")
        first = wait_for("departures", lambda: app.rows("Departures"))[0]
        find(find(app.node, "list", "Departures"), None, first).click()
        details = wait_for("the departure's details", lambda: find(app.window, None, "Departure details", visible=True))
        trip = wait_for("the map of the trip", lambda: find(details, None, "Map of the trip"))
        # "Departs 07:00 from Port Authority Bus Terminal, arrives 15:05 at Gare d'autocars de Montréal, …"
        origin = first.split(" from ", 1)[1].split(", arrives ")[0]
        destination = first.split(", arrives ", 1)[1].split(" at ", 1)[1].split(", ")[0]
        wait_for("both stations labelled on the map", lambda: {origin, destination} <= set(labels(trip)))
        # The words read first: the map is the last thing in the details.
        names = [node.name for node in find_all(details, None) if node.name]
        assert names.index("Map of the trip") > names.index("Total"), names
        # The search goes on behind the details (its first rows came first): its later pages leave
        # the details as they are, the same parts where a screen reader was, not made anew.
        wait_for("the search to complete", lambda: any(re.fullmatch(r"\d+ departures", name or "") for name in labels(app.window)),
                 timeout=60)
        assert trip.name == "Map of the trip" and {origin, destination} <= set(labels(trip)), "the same map, still shown"
        scroll_into_view(details, trip)
        screenshot("trip-map.png")
    finally:
        app.close()


class CountingProxy(LocalServer):
    """Passes every request on to `server` (a DemoServer) and keeps its path: what the window asked."""

    def __init__(self, server):
        paths, lock = [], threading.Lock()

        class Handler(QuietHandler):
            def do_GET(self):
                with lock:
                    paths.append(self.path)
                try:
                    with urllib.request.urlopen(server.base + self.path) as answer:
                        status, kind, body = answer.status, answer.headers.get("Content-Type", ""), answer.read()
                except urllib.error.HTTPError as error:
                    status, kind, body = error.code, error.headers.get("Content-Type", ""), error.read()
                self.reply(body, kind, status)

        super().__init__(Handler)
        self.lock, self._paths = lock, paths

    def stop_requests(self):
        """The requests for the stops near a point (TfL's /StopPoint?lat=…&lon=…&radius=…)."""
        with self.lock:
            return [path for path in self._paths if path.startswith("/StopPoint?")]


def focused_in(node):
    return node.findChild(lambda candidate: candidate.getState().contains(pyatspi.STATE_FOCUSED),
                          retry=False, requireResult=False)


def key_until(key, what, check, tries=40):
    """Presses `key` until `check()` holds, each press seen to move the focus before the next."""
    for _ in range(tries):
        if check():
            return
        before = focused_in(what)
        rawinput.pressKey(key)
        wait_for(f"{key} to move the focus", lambda: focused_in(what) != before or check(), timeout=10)
    raise AssertionError(f"{key} never got there")


def test_zoomed_out_no_stop_is_asked_for_and_the_area_list_walks_with_the_keyboard():
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
    with DemoServer() as demo, CountingProxy(demo) as tfl:
        app = App(home=home, TRIPBOARD_TFL_URL=tfl.base)
        try:
            view = open_map(app)
            found = wait_for("the pins round the favourite", lambda: (shown := pins(view)) and len(shown) >= 4 and shown)
            assert tfl.stop_requests(), "the area's stops were asked of the service"

            # "Stops in this area" with the keyboard alone: Tab into it, Down walks it, Enter opens the panel.
            area = find(view, "list", "Stops in this area")
            key_until("Tab", app.window, lambda: focused_in(area) is not None)
            def focused_row():
                """The row with the keyboard: its place in the list and its sentence."""
                row = focused_in(area)
                if row is None or row.roleName != "list item" or not row.children:
                    return None
                return row.indexInParent, row.children[0].name

            walked = [wait_for("a row with the keyboard", focused_row)]
            while len(walked) < len(found):
                rawinput.pressKey("Down")
                walked.append(wait_for("Down to move to the next row",
                                       lambda: (row := focused_row()) and row != walked[-1] and row))
            walked = [name for _, name in walked]
            rows = app.rows("Stops in this area")
            assert walked == rows, f"Down walks every row in order: {walked} / {rows}"
            rawinput.pressKey("Return")
            title = rows[-1].split(", stop ")[0]
            wait_for("Enter to open the row's panel", lambda: any(label.startswith(title + " (Stop ") for label in labels(view)))
            wait_for("the keyboard on Arrivals", lambda: (focused := focused_in(view)) is not None and focused.name == "Arrivals")

            zoom_out = find(view, "push button", "Zoom out")
            for _ in range(4):
                zoom_out.doActionNamed("click")
            wait_for("Zoom in to see stops", lambda: "Zoom in to see stops" in labels(view) and not pins(view))
            asked = len(tfl.stop_requests())
            for _ in range(3):
                rawinput.keyCombo("<Alt>Left")
            # Time for any load to settle (300 ms) and be sent, several times over. Waiting longer
            # can only make this check stricter, never make it fail on a slow machine.
            settle = time.monotonic() + 2
            wait_for("the settle time to pass", lambda: time.monotonic() > settle)
            assert len(tfl.stop_requests()) == asked, f"zoomed out, the map asked for stops: {tfl.stop_requests()[asked:]}"

            zoom_in = find(view, "push button", "Zoom in")
            for _ in range(4):
                zoom_in.doActionNamed("click")
            wait_for("stops asked for again, zoomed in", lambda: len(tfl.stop_requests()) > asked)
        finally:
            app.close()

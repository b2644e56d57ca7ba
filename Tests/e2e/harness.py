"""What every end-to-end test shares: the real Tripboard window launched with its own data folders,
found on the accessibility bus, and helpers to wait for, find and read its parts by accessible name."""
from dogtail.config import config

config.checkForA11y = False  # must precede the import of dogtail.tree
config.logDebugToFile = False
config.logDebugToStdOut = False

import json
import os
import subprocess
import sys
import tempfile
import time

import pyatspi
import dogtail.tree as tree
from dogtail import rawinput
from dogtail.predicate import GenericPredicate

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
from tripboard_test import BIN, ROOT, DemoServer, LocalServer, QuietHandler, environment, run_tests  # noqa: E402

# Screenshots go to a scratch folder; `make screenshots` points this at the repository's screenshots/.
SHOTS = os.environ.get("TRIPBOARD_SCREENSHOTS") or os.path.join(tempfile.gettempdir(), "tripboard-e2e-screenshots")
TABS = ["Deals", "Search", "Favourites", "Settings"]


# How many times longer than `timeout` every wait may take: 1 for the tests; more for a window run
# under valgrind (scripts/startup-order.py), some 50 times slower.
patience = 1.0


def wait_for(what, condition, timeout=20.0):
    """Polls `condition` until it returns something truthy; fails the test naming `what` otherwise."""
    timeout *= patience
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


def row_node(app, list_name, row_name):
    """The row of the list `list_name` named `row_name`, or now named on from what comes before its
    ": " (a favourite's name goes on to say its next arrivals, which change as minutes pass)."""
    lead = row_name.split(": ")[0] + ": "
    found = find(app.node, "list", list_name)
    return found and found.findChild(lambda node: node.name == row_name or node.name.startswith(lead),
                                     retry=False, requireResult=False)


def open_row(app, list_name, row_name):
    """Opens a row the way a pointer user does: a click on it, found by `row_node`."""
    wait_for(f"the row {row_name.split(': ')[0]!r}", lambda: row_node(app, list_name, row_name)).click()


def focused_item(node):
    """The item with the keyboard in an open drop-down's list, anywhere in `node`'s application;
    None when no list has the keyboard."""
    while node.roleName != "application":
        node = node.parent
    return node.findChild(lambda candidate: candidate.roleName == "list item"
                          and candidate.getState().contains(pyatspi.STATE_FOCUSED), retry=False, requireResult=False)


def focused_place(node):
    item = focused_item(node)
    return item.indexInParent if item is not None else None


def choose_with_keys(page, name, index):
    """Chooses item `index` in the drop-down `name` in `page` with the keyboard, as a person
    without a pointer does: opens it, waits for the keyboard to land in its list, moves there with
    the arrow keys, each move seen before the next, presses Enter and waits for the list to close.
    Where the keyboard lands depends on the list's past (GTK keeps the item it last had), so the
    moves are counted from there. Enter on the item the keyboard landed on is not taken: on the
    wanted item already, it steps off and back. Nothing here waits a fixed time."""
    find(page, "push button", name).doActionNamed("click")
    choose_in_open_list(page, name, index)


def choose_in_open_list(page, name, index):
    """The rest of `choose_with_keys`, once the list of `name` has been asked to open."""
    landed = wait_for(f"the {name} list open", lambda: focused_item(page))
    place, last = landed.indexInParent, landed.parent.childCount - 1
    if place == index:
        keys = ["Up", "Down"] if index == last else ["Down", "Up"]
    else:
        keys = ["Down" if index > place else "Up"] * abs(index - place)
    for key in keys:
        before = place
        rawinput.pressKey(key)
        place = wait_for(f"{key} in the {name} list",
                         lambda: [now for now in [focused_place(page)] if now not in (None, before)])[0]
    assert place == index, f"the keyboard reached item {place} of {name}, not {index}"
    rawinput.pressKey("Return")
    wait_for(f"the {name} list to close", lambda: focused_item(page) is None)


def application_of(pid, name=None):
    """The application on the accessibility bus that process `pid` runs (and named `name`, if
    given), or None while it is not there yet."""
    return next((application for application in tree.root.applications()
                 if application.get_process_id() == pid and (name is None or application.name == name)), None)


def find_all(node, role):
    return node.findChildren(GenericPredicate(roleName=role))


def extents(node):
    """`node`'s box in the window's own coordinates: (x, y, width, height)."""
    box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return box.x, box.y, box.width, box.height


def laid_out(node):
    """Shown and given room: GTK reports a widget that is not on screen (a hidden stack page's) as
    an empty box at the origin."""
    _, _, width, height = extents(node)
    return node.getState().contains(pyatspi.STATE_VISIBLE) and width > 0 and height > 0


def back(app):
    """Presses Back in the header bar, as on a drill-down page (details, a stop's board, Add Stop)."""
    wait_for("the Back button", lambda: find(app.window, "push button", "Back", visible=True)).doActionNamed("click")
    wait_for("Back to go", lambda: find(app.window, "push button", "Back", visible=True) is None)


def header_title(app):
    """The drill-down page's title and subtitle in the header bar, beside Back; empty when the
    header bar shows the tabs. (GTK 4.8 names libadwaita's unnamed parts after their type.)"""
    # The view switcher holds a title of its own ("Tripboard"), for when the window is narrow.
    title = next((node for node in find_all(app.window, "filler")
                  if node.name == "AdwWindowTitle" and node.parent.name != "AdwSqueezer"), None)
    return [label.name for label in find_all(title, "label")] if title else []


def header_shows_tabs(app):
    """Whether the header bar's title is the view switcher."""
    return find(app.window, "filler", "AdwViewSwitcherTitle") is not None


def tick(check_box):
    """Ticks or clears a check box in an open popover as a keyboard user does: Tab to it, press
    Space (GTK 4.8 gives check boxes no accessible action or focus to call)."""
    def focused():
        return next((node.name for node in check_box.parent if node.getState().contains(pyatspi.STATE_FOCUSED)), None)

    for _ in range(len(check_box.parent.children) + 1):
        if check_box.getState().contains(pyatspi.STATE_FOCUSED):
            rawinput.pressKey("space")
            return
        before = focused()
        rawinput.pressKey("Tab")
        wait_for("Tab to move the focus", lambda: focused() not in (None, before))
    raise AssertionError(f"Tab never reached {check_box.name}")


def details_say(node, text):
    """Opens the "Details" under `node` and waits for its words to include `text`; returns them."""
    # GTK 4.8 gives a toggle button the push button's role.
    wait_for("the Details button", lambda: find(node, "push button", "Details")).doActionNamed("click")
    return wait_for(f"Details saying {text!r}", lambda: next(
        (label.name for label in find_all(node, "label") if text in label.name), None))


def window_geometry(title="Tripboard"):
    """Where the window titled `title` is on the display: "WxH+X+Y" (xwininfo's own figures)."""
    info = subprocess.run(["xwininfo", "-name", title], capture_output=True, text=True, check=True).stdout
    value = {line.split(":")[0].strip(): line.split(":")[1].strip() for line in info.splitlines() if ":" in line}
    return (f"{value['Width']}x{value['Height']}"
            f"+{value['Absolute upper-left X']}+{value['Absolute upper-left Y']}")


def screenshot(name):
    """The window alone (with any dialog over it), not the display around it."""
    os.makedirs(SHOTS, exist_ok=True)
    subprocess.run(["/usr/bin/import", "-window", "root", "-crop", window_geometry(), "+repage",
                    "-define", "png:exclude-chunks=date,time",
                    os.path.join(SHOTS, name)], check=True)


def capture_of(node, window):
    """A capture of the display where `node` (a part of `window`) is painted, as a PNG file's path."""
    x, y, width, height = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    # Window coordinates start inside the margin GTK keeps around the window for its shadow.
    geometry = window_geometry()
    surface_width, surface_height = (int(v) for v in geometry.split("+")[0].split("x"))
    _, _, content_width, content_height = window.children[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x += (surface_width - content_width) // 2
    y += (surface_height - content_height) // 2
    capture = os.path.join(tempfile.mkdtemp(prefix="tripboard-capture-"), "window.png")
    subprocess.run(["/usr/bin/import", "-window", "root", "-crop", geometry, "+repage", capture], check=True)
    part = os.path.join(os.path.dirname(capture), "part.png")
    subprocess.run(["convert", capture, "-crop", f"{width}x{height}+{x}+{y}", "+repage", part], check=True)
    return part


def mapped_libraries(app):
    """The shared libraries the window's process has loaded, by file name."""
    with open(f"/proc/{app.process.pid}/maps") as maps:
        return {os.path.basename(line.split()[-1]) for line in maps if ".so" in line}


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def global_queue_workers(pid):
    """The process's threads serving libdispatch's global queues ("oot.default-qos",
    "r-initiated-qos", "-qos.overcommit"…). The first of them starts a timer that wakes the
    process every second while they live; Tripboard's tasks run on its own pool, and its database
    is used there too, so there should be none. (They end 5 s after their last job: look soon
    after the work.)"""
    names = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/comm") as comm:
                names.append(comm.read().strip())
        except FileNotFoundError:
            pass  # the thread ended
    return [name for name in names if name.endswith("-qos") or name.endswith("-qos.overcommit")]


class App:
    """The real tripboard binary, launched with its own data and cache folders."""

    def __init__(self, home=None, welcome=False, args=(), command=None, **env):
        """`home` reuses another launch's data folders, as a relaunch would. A new data folder
        opens on the welcome: unless `welcome`, it is passed as a person would, with "Browse deals".
        `command` runs the app another way than the build's binary (a copy of it under valgrind, in
        the same process); the application is then found by its process alone, as it is named
        after the program's file."""
        self.home = home or tempfile.mkdtemp(prefix="tripboard-e2e-")
        self.name = "tripboard" if command is None else None
        self.process = subprocess.Popen([*(command or [BIN]), *args], env=environment(
            TRIPBOARD_DATA_DIR=os.path.join(self.home, "data"),
            TRIPBOARD_CACHE_DIR=os.path.join(self.home, "cache"), XDG_CACHE_HOME=os.path.join(self.home, "xdg-cache"),
            **env))
        self.node = wait_for("the tripboard application on the accessibility bus", self._find)
        self.window = wait_for("the Tripboard window", lambda: find(self.node, "frame", "Tripboard"))
        if not welcome:
            # The window shows either the welcome or the tabs: wait for one, then pass the welcome.
            choice = wait_for("the welcome or the tabs", lambda: self.welcome_choice("Browse deals") or (
                any(laid_out(tab) for tab in find_all(self.node, "page tab")) and "tabs"))
            if choice != "tabs":
                choice.doActionNamed("click")
                self.tab("Deals")

    def welcome_choice(self, name):
        """The welcome's large choice named `name`, when the welcome is on screen."""
        heading = find(self.window, "heading", "Welcome to Tripboard")
        choice = heading and laid_out(heading) and find(self.window, "push button", name)
        return choice if choice and laid_out(choice) else None

    def _find(self):
        return application_of(self.process.pid, self.name)

    def tab(self, name):
        # The view switcher at the top (wide or compact), or the one at the bottom of a narrow
        # window or under a drill-down page: the one laid out on screen.
        return wait_for(f"the {name} tab", lambda: next(
            (tab for tab in find_all(self.node, "page tab") if tab.name == name and laid_out(tab)), None))

    def select(self, name):
        self.tab(name).doActionNamed("click")
        # The tabs pressed may be the bottom ones, shown while a drill-down page had the top: the
        # tabs on screen afterwards say what is selected.
        wait_for(f"the {name} tab to be selected", lambda: self.tab(name).getState().contains(pyatspi.STATE_SELECTED))

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


class DealsServer:
    """A deals service on a free port of 127.0.0.1 answering every search with `destinations`
    (HotelsByChildDestination), or `failing_status` while that is set; pictures are `picture`."""

    def __init__(self, destinations, picture=(404, "text/plain", b"no pictures here")):
        owner = self
        self.destinations = destinations
        self.failing_status = None

        class Handler(QuietHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if owner.failing_status:
                    self._send(owner.failing_status, "text/plain", b"down for maintenance")
                else:
                    body = json.dumps({"Aggregates": {"HotelsByChildDestination": owner.destinations}}).encode()
                    self._send(200, "application/json", body)

            def do_GET(self):
                self._send(*picture)

            def _send(self, status, kind, body):
                self.reply(body, kind, status)

        self.local = LocalServer(Handler)
        self.base = self.local.base

    def close(self):
        self.local.close()


class TramServer:
    """A TramTracker service on a free port of 127.0.0.1: a device token, then three trams of route
    `route` at any stop, each carrying `disruption` and `event` as the service's own messages; or,
    while `token_error` is set, that error inside a 200 for the token."""

    def __init__(self, route, disruption, event, now=None):
        owner = self
        self.token_error = None

        class Handler(QuietHandler):
            def do_GET(self):
                if "/GetDeviceToken/" in self.path:
                    if owner.token_error:
                        return self._envelope(None, owner.token_error)
                    return self._envelope([{"__type": "AddDeviceTokenInfo", "DeviceToken": "e2e-token"}])
                now_ms = int((now or time.time()) * 1000)
                trams = [{"__type": "NextPredictedRoutesCollectionInfo", "RouteNo": route, "HeadBoardRouteNo": route,
                          "Destination": "Somewhere", "IsLowFloorTram": True, "AirConditioned": True,
                          "HasDisruption": True, "DisruptionMessage": {"DisplayType": "Text", "MessageCount": 1,
                                                                       "Messages": [disruption]},
                          "HasSpecialEvent": True, "SpecialEventMessage": event, "VehicleNo": 3000 + minutes,
                          "PredictedArrivalDateTime": f"/Date({now_ms + minutes * 60_000}+1100)/"}
                         for minutes in (2, 9, 16)]
                self._envelope(trams)

            def _envelope(self, items, error=None):
                self.reply(json.dumps({"errorMessage": error, "hasError": error is not None,
                                       "hasResponse": items is not None, "responseObject": items}).encode())

        self.local = LocalServer(Handler)
        self.base = f"{self.local.base}/TramTracker/RestService"

    def close(self):
        self.local.close()


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



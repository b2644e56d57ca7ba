"""The window's libadwaita parts in the real window (issue 27): the view switcher by keyboard, Undo
from a toast, the error alert's Retry re-running the same request, and the colour scheme following
the desktop's live. Nothing here waits a fixed time: each step waits for a state."""
import http.client
import json
import http.server
import os
import re
import subprocess
import tempfile
import threading

import pyatspi
from dogtail import rawinput

from harness import (BIN, TABS, App, DemoServer, LocalServer, details_say, environment, find, find_all, labels, wait_for,
                     window_geometry)
from test_favourites import THREE_STOPS, favourite_rows, part, seed, titles
from test_settings import choose, saved, settings_page

HERE = os.path.dirname(os.path.abspath(__file__))


# MARK: - The view switcher by keyboard

def switcher_tabs(app):
    """The header bar's view switcher: its four tabs by name, each a "page tab" on screen inside
    the row of tabs named "Tabs"."""
    row = wait_for("the header's row of tabs",
                   lambda: next((node for node in find_all(app.window, "page tab list")
                                 if node.name == "Tabs" and node.getState().contains(pyatspi.STATE_VISIBLE)
                                 and len(find_all(node, "page tab")) == 4), None))
    return {tab.name: tab for tab in find_all(row, "page tab")}


def selected_tab(tabs):
    chosen = [name for name, tab in tabs.items() if tab.getState().contains(pyatspi.STATE_SELECTED)]
    return chosen[0] if len(chosen) == 1 else None


def focused_tab(tabs):
    return next((name for name, tab in tabs.items() if tab.getState().contains(pyatspi.STATE_FOCUSED)), None)


def test_the_view_switcher_by_alt_keys_by_name_and_by_tab_arrows_space_and_enter():
    app = App()
    try:
        tabs = switcher_tabs(app)
        assert sorted(tabs) == sorted(TABS), f"the switcher's tabs are {sorted(tabs)}"
        wait_for("Deals shown first", lambda: selected_tab(tabs) == "Deals")

        # Alt+1…4, each showing its tab (and only it).
        for number in (2, 3, 4, 1, 3):
            rawinput.keyCombo(f"<Alt>{number}")
            wait_for(f"Alt+{number} to show {TABS[number - 1]}", lambda: selected_tab(tabs) == TABS[number - 1])

        # By accessible name, as a screen reader's list of tabs offers them.
        for name in ("Settings", "Search", "Deals", "Favourites"):
            tabs[name].doActionNamed("click")
            wait_for(f"the tab named {name} to show its page", lambda: selected_tab(tabs) == name)

        # As a keyboard user: Tab until the keyboard is in the switcher (moving it never changes the
        # page), then the arrow keys between its buttons, and Space or Enter to show one.
        app.select("Deals")
        for _ in range(40):
            if focused_tab(tabs):
                break
            rawinput.pressKey("Tab")
            wait_for("the keyboard to land somewhere",
                     lambda: app.window.findChild(lambda n: n.getState().contains(pyatspi.STATE_FOCUSED),
                                                  retry=False, requireResult=False))
        landed = wait_for("the keyboard in the view switcher", lambda: focused_tab(tabs))
        assert selected_tab(tabs) == "Deals", "moving the keyboard into the switcher changed the page"
        place = TABS.index(landed)
        for key, confirm in (("Right", "space"), ("Right", "Return"), ("Left", "space"), ("Right", "Return"),
                             ("Right", "space")):
            target = place + (1 if key == "Right" else -1)
            if not 0 <= target < len(TABS):
                continue
            shown = selected_tab(tabs)
            rawinput.pressKey(key)
            wait_for(f"{key} to move the keyboard to {TABS[target]}", lambda: focused_tab(tabs) == TABS[target])
            assert selected_tab(tabs) == shown, f"{key} alone changed the page to {selected_tab(tabs)}"
            rawinput.pressKey(confirm)
            wait_for(f"{confirm} to show {TABS[target]}", lambda: selected_tab(tabs) == TABS[target])
            place = target
        assert place == len(TABS) - 1, f"the keyboard ended on {TABS[place]}, not Settings"
    finally:
        app.close()


# MARK: - Undo from a toast

def toast_button(app, name):
    """The toast's button `name` (Undo, or its close button Dismiss), on screen in the toast over
    the favourites (the overlay is named "Favourites list"), or None."""
    return find(part(app, "Favourites list"), "push button", name, visible=True)


def toast_widget(app):
    """The toast on screen over the favourites, if any: the overlay's child after its content."""
    return next(iter(part(app, "Favourites list").children[1:]), None)


def countdown(app):
    """What the list's countdown says now: it changes once a second, each change a new render of
    the page (which is where a dismissed toast could come back)."""
    return next((label.name for label in find_all(part(app, "Favourites list"), "label")
                 if label.name.startswith("Next refresh in ")), None)


def renders_pass(app, count=2):
    """Waits until the page has rendered `count` more times (its countdown changed that often)."""
    for _ in range(count):
        before = countdown(app)
        wait_for("the page to render again", lambda: countdown(app) not in (None, before), timeout=10)


def remove_row(app, index):
    stops = find(app.node, "list", "Favourite Stops")

    def remove_button():
        row = find(stops, None, favourite_rows(app)[index])
        return row and find(row, "push button", "Remove")
    wait_for(f"row {index + 1}'s Remove", remove_button).doActionNamed("click")


def test_undo_from_the_toast_puts_the_stop_back_in_its_place_and_a_dismissed_or_expired_toast_undoes_nothing():
    # Undo offered for 2 minutes, not the usual 8 s: finding it means walking the accessibility
    # tree, which a busy machine slows, and the offer must not run out while the test looks.
    app = App(TRIPBOARD_NOW="2026-11-22T09:00:00Z", TRIPBOARD_UNDO_SECONDS="120")
    seed(app.home, THREE_STOPS)
    try:
        app.select("Favourites")
        wait_for("three stops with arrivals", lambda: len(titles(app)) == 3 and all(": route " in r for r in favourite_rows(app)))
        first, middle, last = titles(app)

        # The middle stop removed; the toast's Undo, pressed by its name, puts it back in the middle.
        remove_row(app, 1)
        wait_for("the middle stop gone", lambda: titles(app) == [first, last])
        overlay = part(app, "Favourites list")
        undo = wait_for("the toast saying what was removed",
                        lambda: "Removed Trafalgar Square (Stop S)" in labels(overlay) and toast_button(app, "Undo"))
        wait_for("the toast's close button, named Dismiss", lambda: toast_button(app, "Dismiss"))
        undo.doActionNamed("click")
        wait_for("the stop back in its place", lambda: titles(app) == [first, middle, last])
        wait_for("the toast to go once undone", lambda: toast_button(app, "Undo") is None)

        # Removed again, and the toast closed: it goes, stays gone as the page renders on, and undoes nothing.
        remove_row(app, 1)
        close = wait_for("the toast again", lambda: toast_button(app, "Dismiss"))
        closed = toast_widget(app).path
        close.doActionNamed("click")
        wait_for("the closed toast to go", lambda: toast_widget(app) is None or toast_widget(app).path != closed)
        # Undo is still offered for a while (the page would say it again as it renders): the toast
        # stays closed as the page renders on.
        renders_pass(app)
        assert toast_widget(app) is None, "a closed toast came back"
        assert titles(app) == [first, last], f"closing the toast changed the list: {titles(app)}"

    finally:
        app.close()

    # Another removal, left alone, relaunched with the usual offer: its toast goes by itself once
    # the offer runs out, undoing nothing. The toast is looked for in the overlay found before the
    # removal, a look quick enough to see it on a busy machine before it goes.
    app = App(home=app.home, TRIPBOARD_NOW="2026-11-22T09:00:00Z")
    try:
        app.select("Favourites")
        wait_for("the two stops left", lambda: titles(app) == [first, last])
        overlay = part(app, "Favourites list")
        remove_row(app, 1)
        wait_for("its toast", lambda: any(text.startswith("Removed ") and "Waterloo" in text for text in labels(overlay.children[1]))
                 and find(overlay.children[1], "push button", "Undo", visible=True))
        wait_for("the toast to go by itself", lambda: toast_button(app, "Undo") is None, timeout=60)
        wait_for("the last stop gone", lambda: titles(app) == [first])
        renders_pass(app)
        assert toast_button(app, "Undo") is None and titles(app) == [first], titles(app)
    finally:
        app.close()
    out = subprocess.run([BIN, "favourites", "--json"], env=environment(TRIPBOARD_DATA_DIR=os.path.join(app.home, "data"),
                                                                      TRIPBOARD_NOW="2026-11-22T09:00:00Z"),
                         capture_output=True, text=True, check=True).stdout
    kept = [stop["id"] for stop in json.loads(out)]
    assert kept == ["490000173OE"], f"saved after the window closed: {kept}"


# MARK: - The error alert's Retry

class RecordingProxy:
    """A proxy of the test's own in front of the demo service on 127.0.0.1: passes every request
    through and keeps (method, path with query, body) of each, so a test can say which requests
    were made and that a retry made the same one again."""

    def __init__(self, upstream):
        owner = self
        self.requests = []
        self.lock = threading.Lock()
        host, port = upstream.removeprefix("http://").split(":")

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _forward(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with owner.lock:
                    owner.requests.append((self.command, self.path, body))
                connection = http.client.HTTPConnection(host, int(port), timeout=30)
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
                connection.request(self.command, self.path, body=body or None, headers=headers)
                answer = connection.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for key, value in answer.getheaders():
                    if key.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                connection.close()

            do_GET = do_POST = _forward

            def log_message(self, *args):
                pass

        self.local = LocalServer(Handler)
        self.base = self.local.base

    def made(self, method, pattern):
        """The requests so far whose method is `method` and path matches `pattern`."""
        with self.lock:
            return [request for request in self.requests if request[0] == method and re.search(pattern, request[1])]

    def close(self):
        self.local.close()


def alerts(app):
    """The alerts on screen now (each a toplevel of its own)."""
    return [child for child in app.node.children
            if child.roleName in ("dialog", "alert") and child.getState().contains(pyatspi.STATE_VISIBLE)]


def one_alert(app):
    found = alerts(app)
    assert len(found) <= 1, f"{len(found)} alerts at once"
    return found[0] if found else None


def page_says(app, view):
    """The words on screen in the page under the alert (labels showing, not hidden ones)."""
    return [label.name for label in find_all(view, "label")
            if label.name.strip() and label.getState().contains(pyatspi.STATE_VISIBLE)]


def check_quiet_under(app, view, alert):
    """The page under the alert says none of the alert's words, and offers no Retry of its own."""
    said = [text for text in labels(alert) if text.strip() and text not in ("Retry", "Cancel")]
    repeated = [text for text in page_says(app, view) if text in said]
    assert not repeated, f"the page repeats the alert under it: {repeated}"
    assert find(view, "push button", "Retry", visible=True) is None, "the page offers Retry under the alert"


def test_the_alerts_retry_makes_the_same_deals_request_again_until_it_works():
    # The first two deals requests fail with 503; the third works.
    server = DemoServer(faults="deals=503@1-2")
    proxy = RecordingProxy(server.base)
    app = App(TRIPBOARD_DEALS_URL=f"{proxy.base}/deals/search",
              TRIPBOARD_DEALS_IMAGE_URL=f"{proxy.base}/deals/images/{{type}}/{{id}}?width={{width}}&height={{height}}")
    try:
        alert = wait_for("the alert", lambda: one_alert(app))
        assert "503" not in " ".join(labels(alert)), f"one plain sentence, the status behind Details: {labels(alert)}"
        details_say(alert, "HTTP 503")
        first = proxy.made("POST", r"^/deals/search")
        assert len(first) == 1, f"{len(first)} deals requests before the alert"
        view = app.window  # the Deals page is on screen under the alert
        check_quiet_under(app, view, alert)

        # Retry while the fault lasts: the same request again, and one alert again.
        find(alert, "push button", "Retry").doActionNamed("click")
        wait_for("a second deals request", lambda: len(proxy.made("POST", r"^/deals/search")) == 2)
        alert = wait_for("the alert once more", lambda: [a for a in [one_alert(app)] if a is not None and a != alert])[0]
        again = proxy.made("POST", r"^/deals/search")
        assert again[1] == again[0], f"Retry asked for something else:\n{again[0]}\n{again[1]}"
        check_quiet_under(app, view, alert)

        # The fault over, Retry once more: the same request, no alert, and the deals on the page.
        find(alert, "push button", "Retry").doActionNamed("click")
        rows = wait_for("the deals after Retry", lambda: app.deal_rows() if len(app.deal_rows()) >= 5 else None)
        made = proxy.made("POST", r"^/deals/search")
        assert len(made) == 3 and made[2] == made[0], made
        assert rows[0].startswith("Canary Islands, "), rows
        assert one_alert(app) is None, "an alert is still open over the deals"
    finally:
        app.close()
        proxy.close()
        server.close()


def test_the_alerts_retry_makes_the_same_search_again():
    # The search's first request and its two automatic retries fail with 503; then it works.
    server = DemoServer(faults="departures=503@1-3")
    proxy = RecordingProxy(server.base)
    app = App(TRIPBOARD_BUSBUD_URL=proxy.base, TRIPBOARD_NOW="2016-07-29T08:00:00Z")
    searches = r"^/x-departures/[^/]+/[^/]+/[^/?]+(\?|$)"
    try:
        app.select("Search")
        view = wait_for("the Search view", lambda: find(app.window, "panel", "Search form and results"))
        wait_for("the form's Search button", lambda: find(view, "push button", "Search")).doActionNamed("click")
        alert = wait_for("the alert", lambda: one_alert(app))
        tried = proxy.made("GET", searches)
        assert len(tried) == 3 and len(set(tried)) == 1, f"before the alert: {tried}"
        check_quiet_under(app, view, alert)
        find(alert, "push button", "Retry").doActionNamed("click")
        wait_for("8 departures after Retry", lambda: "8 departures" in labels(view))
        made = proxy.made("GET", searches)
        assert len(made) == 4 and made[3] == made[0], f"Retry asked for something else: {made}"
        assert one_alert(app) is None
    finally:
        app.close()
        proxy.close()
        server.close()


# MARK: - The desktop's colour scheme, followed live

class FakePortal:
    """Tests/e2e/fake_portal.py on this session bus (a private one: scripts/with-display.sh starts
    it with dbus-run-session), saying color-scheme is `scheme` until told otherwise."""

    def __init__(self, scheme):
        self.process = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "fake_portal.py"), str(scheme)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        said = self.process.stdout.readline().strip()
        assert said == "ready", f"the fake portal said {said!r}"

    def set(self, scheme):
        """Changes color-scheme; returns once the bus has routed the SettingChanged signal."""
        self.process.stdin.write(f"set {scheme}\n")
        self.process.stdin.flush()
        said = self.process.stdout.readline().strip()
        assert said == f"set {scheme}", f"the fake portal said {said!r}"

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def capture():
    """A capture of the window as painted: (the commonest colour in its middle, which is its
    background there, as (r, g, b); a signature of all its pixels)."""
    geometry = window_geometry()
    width, height = (int(v) for v in geometry.split("+")[0].split("x"))
    path = os.path.join(tempfile.mkdtemp(prefix="tripboard-scheme-"), "window.png")
    subprocess.run(["/usr/bin/import", "-window", "root", "-crop", geometry, "+repage", path], check=True)
    histogram = subprocess.run(["convert", path, "-crop", f"{width // 2}x{height // 2}+{width // 4}+{height // 4}",
                                "-format", "%c", "histogram:info:-"], capture_output=True, text=True, check=True).stdout
    colours = sorted(((int(count), tuple(int(v) for v in rgb.split(",")[:3]))
                      for count, rgb in re.findall(r"^\s*(\d+): \(([\d,]+)\)", histogram, re.M)), reverse=True)
    signature = subprocess.run(["identify", "-format", "%#", path], capture_output=True, text=True, check=True).stdout
    return colours[0][1], signature


def background():
    return capture()[0]


def is_dark(rgb):
    return sum(rgb) / 3 < 96


def is_light(rgb):
    return sum(rgb) / 3 > 192


def painted(what, check):
    """Waits until the window's background, as painted, passes `check`; returns it."""
    return wait_for(f"the window painted {what}", lambda: [rgb for rgb in [background()] if check(rgb)])[0]


def app_has_handled_earlier_messages(app):
    """Returns once the app's main loop has handled every D-Bus message that reached it before
    this call: a method call on the application's own object is answered on its main loop, in
    the order messages came."""
    subprocess.run(["gdbus", "call", "--session", "--dest", "io.github.tripboard.Tripboard",
                    "--object-path", "/io/github/tripboard/Tripboard", "--method", "org.gtk.Actions.List"],
                   check=True, capture_output=True, timeout=10)


def test_the_window_follows_the_desktops_colour_scheme_live_unless_appearance_says_light():
    portal = FakePortal(scheme=2)  # prefer light
    # Only the portal speaks for the desktop here: libadwaita's own override is taken away.
    app = App(ADW_DEBUG_COLOR_SCHEME=None, TRIPBOARD_NOW="2026-11-22T09:00:00Z")
    seen = {}
    try:
        app.select("Favourites")
        wait_for("the empty list", lambda: "No favourite stops yet" in labels(app.window))
        seen["prefer light (2)"] = painted("light at start", is_light)
        portal.set(1)
        seen["prefer dark (1)"] = painted("dark once the desktop prefers dark", is_dark)
        portal.set(0)
        seen["no preference (0)"] = painted("light again with no preference", is_light)
        portal.set(1)
        painted("dark again", is_dark)
        portal.set(2)
        painted("light again", is_light)

        # Appearance forced to Light: the desktop turning dark leaves the window light.
        page = settings_page(app)
        choose(page, "Appearance", 1)
        wait_for("Light saved", lambda: saved(app)["appearance"]["value"] == "light")
        painted("light on Settings", is_light)
        _, settings_frame = capture()
        portal.set(1)
        app_has_handled_earlier_messages(app)
        # A frame painted after the change was handled: another tab shown by a key pressed now
        # (any restyle the change caused is painted in that frame, or before it).
        rawinput.keyCombo("<Alt>3")
        after = wait_for("a frame showing another tab", lambda: [rgb for rgb, frame in [capture()]
                                                                  if frame != settings_frame])[0]
        seen["forced light, desktop dark"] = after
        assert is_light(after), f"the desktop's dark reached a window forced to Light: {after}"

        # Appearance back to following the desktop: dark at once, as the desktop now says.
        page = settings_page(app)
        choose(page, "Appearance", 0)
        wait_for("System saved", lambda: saved(app)["appearance"]["value"] == "system")
        seen["following again, desktop dark"] = painted("dark when following the desktop again", is_dark)
    finally:
        app.close()
        portal.close()
    print("    backgrounds:", ", ".join(f"{what} #{r:02x}{g:02x}{b:02x}" for what, (r, g, b) in seen.items()))


def test_without_a_portal_the_window_follows_gsettings_color_scheme_live():
    """Where no portal answers, libadwaita 1.2 reads org.gnome.desktop.interface color-scheme from
    GSettings and follows it: here a settings file of the test's own (GSettings' keyfile backend,
    never the person's dconf), changed with the gsettings tool as a desktop would change it."""
    config = tempfile.mkdtemp(prefix="tripboard-gsettings-")
    desktop = dict(ADW_DEBUG_COLOR_SCHEME=None, ADW_DISABLE_PORTAL="1", GSETTINGS_BACKEND="keyfile",
                   XDG_CONFIG_HOME=config)

    def desktop_prefers(scheme):
        subprocess.run(["gsettings", "set", "org.gnome.desktop.interface", "color-scheme", scheme],
                       env=environment(**desktop), check=True)

    desktop_prefers("default")
    app = App(TRIPBOARD_NOW="2026-11-22T09:00:00Z", **desktop)
    try:
        app.select("Favourites")
        wait_for("the empty list", lambda: "No favourite stops yet" in labels(app.window))
        painted("light with no preference", is_light)
        desktop_prefers("prefer-dark")
        painted("dark once GSettings says prefer-dark", is_dark)
        desktop_prefers("prefer-light")
        painted("light once GSettings says prefer-light", is_light)
    finally:
        app.close()

"""Tripboard as a desktop citizen, in the real window: one instance, keyboard shortcuts, a window
that opens as it was left, and every control named for a screen reader."""
import os
import re
import subprocess
import time

import pyatspi
from dogtail import rawinput

from harness import BIN, ROOT, App, environment, find, find_all, header_shows_tabs, header_title, open_row, screenshot, wait_for
from test_favourites import part, seed

# Controls a screen reader lands on: each needs a name of its own.
CONTROLS = {"push button", "toggle button", "check box", "radio button", "text", "password text", "entry",
            "spin button", "combo box", "switch", "list", "list box", "page tab", "slider", "menu item"}
TYPE_NAME = re.compile(r"^Gtk[A-Z]\w+$")


def unnamed(node, path=""):
    """The controls under `node` whose name is empty, an icon's name or a GTK type name, each as
    "role at path"."""
    found = []
    try:
        children = list(node.children)
        role, name = node.roleName, node.name or ""
    except Exception:  # a node vanished while the UI changed
        return found
    here = f"{path}/{role}:{name}"
    if role in CONTROLS and (not name.strip() or name.endswith("-symbolic") or TYPE_NAME.match(name)):
        found.append(f"{role} {name!r} at {path}")
    elif role == "page tab list" and (not name.strip() or TYPE_NAME.match(name)):
        found.append(f"{role} {name!r} at {path}")
    for child in children:
        found += unnamed(child, here)
    return found


def selected(app, tab):
    return app.tab(tab).getState().contains(pyatspi.STATE_SELECTED)


def focused_in(node):
    """The focused node under `node`, if any."""
    return node.findChild(lambda candidate: candidate.getState().contains(pyatspi.STATE_FOCUSED),
                          retry=False, requireResult=False)


def press(keys):
    rawinput.keyCombo(keys)
    time.sleep(0.3)


def test_every_control_is_named_on_every_tab_board_details_and_dialog():
    home = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"tripboard-a11y-{os.getpid()}")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
    app = App(home=home, TRIPBOARD_NOW="2026-11-23T08:30:00Z")
    problems = {}
    try:
        wait_for("the deals", lambda: len(app.deal_rows()) > 3)
        problems["Deals"] = unnamed(app.window)

        app.select("Search")
        view = wait_for("the Search view", lambda: find(app.window, "panel", "Search form and results"))
        find(view, "push button", "Search").doActionNamed("click")
        wait_for("departures", lambda: app.rows("Departures"))
        # How many were found is in a status area, which a screen reader announces as it changes.
        status = wait_for("the search status", lambda: find(view, "status bar", "Search status"))
        wait_for("the count in it", lambda: any(label.name.endswith("departures") for label in find_all(status, "label")))
        problems["Search with results"] = unnamed(app.window)
        find(find(app.node, "list", "Departures"), None, app.rows("Departures")[0]).click()
        wait_for("the departure's details", lambda: find(app.window, "push button", "Back", visible=True))
        problems["Departure details"] = unnamed(app.window)
        press("Escape")

        app.select("Favourites")
        wait_for("the favourite's arrivals", lambda: any("Oxford Circus" in row for row in app.rows("Favourite Stops")))
        problems["Favourites"] = unnamed(app.window)
        open_row(app, "Favourite Stops", app.rows("Favourite Stops")[0])
        wait_for("the stop's board", lambda: part(app, "Stop board"))
        problems["Stop board"] = unnamed(app.window)
        press("Escape")
        press("<Control>n")
        wait_for("the Stop name field", lambda: find(part(app, "Add Stop"), "text", "Stop name"))
        problems["Add Stop"] = unnamed(app.window)
        press("Escape")

        app.select("Settings")
        problems["Settings"] = unnamed(app.window)

        press("F1")
        shortcuts = wait_for("the shortcuts window", lambda: find(app.node, None, "Keyboard Shortcuts"))
        problems["Shortcuts window"] = unnamed(shortcuts)
        screenshot("shortcuts.png")
        press("Escape")
    finally:
        app.close()
    problems = {place: found for place, found in problems.items() if found}
    assert not problems, "controls without a name of their own:\n" + "\n".join(
        f"{place}: {line}" for place, found in problems.items() for line in found)


def test_keyboard_moves_between_tabs_opens_rows_with_enter_and_goes_back_with_escape():
    home = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"tripboard-keys-{os.getpid()}")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"]), ("490000121D", "Green Park", "D", ["9"])])
    app = App(home=home, TRIPBOARD_NOW="2026-11-23T08:30:00Z")
    try:
        wait_for("the deals", lambda: app.deal_rows())
        for keys, tab in [("<Alt>2", "Search"), ("<Alt>3", "Favourites"), ("<Alt>4", "Settings"), ("<Alt>1", "Deals"),
                          ("<Control>comma", "Settings")]:
            press(keys)
            wait_for(f"{keys} to select {tab}", lambda: selected(app, tab))

        press("<Control>f")
        wait_for("Ctrl+F to select Search", lambda: selected(app, "Search"))
        view = find(app.window, "panel", "Search form and results")
        wait_for("the From field to have the keyboard focus",
                 lambda: (focused_in(view) is not None and "From" in (focused_in(view).name, focused_in(view).parent.name)))

        press("<Control>n")
        wait_for("Ctrl+N to open Add Stop on Favourites",
                 lambda: selected(app, "Favourites") and find(part(app, "Add Stop"), "text", "Stop name").getState()
                 .contains(pyatspi.STATE_FOCUSED))
        press("Escape")
        wait_for("Escape to go back to the list", lambda: find(part(app, "Favourites list"), "push button", "Add Stop",
                                                              visible=True))

        # Tab through the controls into the list (its first row's Move down), then the arrow keys
        # move between the rows themselves, and Enter opens the one with the focus.
        rows = wait_for("the favourites", lambda: find(app.node, "list", "Favourite Stops"))
        for _ in range(40):
            if focused_in(rows) is not None:
                break
            press("Tab")
        assert focused_in(rows) is not None, "Tab never reached the favourites"
        screenshot("keyboard-focus.png")
        press("Down")
        assert focused_in(rows).roleName == "list item", f"Down should focus a row, not {focused_in(rows).roleName}"
        order = app.rows("Favourite Stops")
        press("Return")
        board = part(app, "Stop board")
        wait_for("Enter to open the focused stop's board", lambda: find(app.window, "push button", "Back", visible=True))
        assert header_title(app)[0].startswith("Green Park"), f"the second stop's board, not {header_title(app)}"
        assert [row.split(":")[0] for row in app.rows("Favourite Stops")] == [row.split(":")[0] for row in order]
        press("Escape")
        wait_for("Escape to leave the board", lambda: find(part(app, "Favourites list"), "push button", "Add Stop",
                                                           visible=True))

        # F5 refreshes the tab on screen: the countdown starts again from the full interval.
        def countdown():
            return next((int(label.name.split()[3]) for label in find_all(part(app, "Favourites list"), "label")
                         if label.name.startswith("Next refresh in ")), None)
        # Compared with what was on screen before the key, never with an absolute figure: the
        # countdown only goes down until a refresh, and 10 s of margin is more than any walk of
        # the window takes.
        wait_for("the countdown to run down", lambda: (countdown() or 30) <= 20, timeout=40)
        before = countdown()
        press("F5")
        wait_for(f"F5 to start the countdown again (it read {before} s before)", lambda: (countdown() or 0) > before)

        for keys in ("F1", "<Control><Shift>slash"):  # Ctrl+? on a keyboard where ? is Shift+/
            press(keys)
            wait_for(f"{keys} to open the shortcuts window", lambda: find(app.node, None, "Keyboard Shortcuts"))
            press("Escape")
            wait_for("Escape to close it", lambda: find(app.node, None, "Keyboard Shortcuts") is None)

        press("<Control>q")
        assert app.process.wait(timeout=10) == 0, "Ctrl+Q quits"
    finally:
        app.close()


def test_each_drill_down_has_its_title_in_the_header_bar_and_goes_back_by_escape_or_alt_left():
    home = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"tripboard-back-{os.getpid()}")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
    app = App(home=home, TRIPBOARD_NOW="2026-11-23T08:30:00Z")
    try:
        def open_details():
            app.select("Search")
            if not app.rows("Departures"):  # the results stay after the first time
                view = wait_for("the Search view", lambda: find(app.window, "panel", "Search form and results"))
                find(view, "push button", "Search").doActionNamed("click")
            first = wait_for("departures", lambda: app.rows("Departures"))[0]
            find(find(app.node, "list", "Departures"), None, first).click()
            return "→"

        def open_board():
            app.select("Favourites")
            open_row(app, "Favourite Stops", wait_for("the favourite", lambda: app.rows("Favourite Stops"))[0])
            return "Oxford Circus Station"

        def open_add_stop():
            app.select("Favourites")
            press("<Control>n")
            return "Add Stop"

        for name, opening in [("details", open_details), ("board", open_board), ("Add Stop", open_add_stop)]:
            # The Back button itself is pressed by the tab's own tests.
            for leave in ("Escape", "<Alt>Left"):
                expected = opening()
                wait_for(f"{name}'s title in the header bar", lambda: expected in " ".join(header_title(app)))
                assert not header_shows_tabs(app), "the tabs make way for the title"
                press(leave)
                wait_for(f"{leave} to leave {name} for the tabs",
                         lambda: find(app.window, "push button", "Back", visible=True) is None
                         and header_shows_tabs(app) and not header_title(app))
    finally:
        app.close()


def test_one_instance_a_second_launch_brings_it_forward_on_the_tab_asked_for():
    app = App()
    try:
        wait_for("the deals", lambda: app.deal_rows())
        env = environment(TRIPBOARD_DATA_DIR=os.path.join(app.home, "data"),
                          TRIPBOARD_CACHE_DIR=os.path.join(app.home, "cache"))
        started = time.monotonic()
        second = subprocess.run([BIN, "--tab", "favourites"], env=env, capture_output=True, text=True, timeout=30)
        assert second.returncode == 0, second.stderr
        assert time.monotonic() - started < 10, "the second launch hands over and ends"
        wait_for("the running window to show Favourites", lambda: selected(app, "Favourites"))
        subprocess.run([BIN], env=env, check=True, timeout=30)
        assert app.process.poll() is None
        windows = [child for child in app.node.children if child.roleName == "frame" and child.name == "Tripboard"]
        assert len(windows) == 1, f"one window, not {len(windows)}"

        # The desktop entry's StartupWMClass is the class the window really has, so a dock groups it.
        desktop = open(os.path.join(ROOT, "Resources", "io.github.tripboard.Tripboard.desktop")).read()
        wanted = desktop.split("StartupWMClass=")[1].split()[0]
        listing = subprocess.run(["xwininfo", "-root", "-children"], capture_output=True, text=True, check=True).stdout
        classes = [subprocess.run(["xprop", "-id", window, "WM_CLASS"], capture_output=True, text=True).stdout
                   for window in re.findall(r"^\s+(0x[0-9a-f]+)", listing, re.M)]
        assert any(f'"{wanted}"' in found.split("=")[-1] for found in classes), classes

        bad = subprocess.run([BIN, "--tab", "timetable"], env=env, capture_output=True, text=True, timeout=30)
        assert bad.returncode == 64 and "--tab takes one of deals, search, favourites, settings" in bad.stderr, bad.stderr
    finally:
        app.close()


def test_the_window_opens_as_it_was_left():
    app = App()
    home = app.home
    try:
        wait_for("the deals", lambda: app.deal_rows())
        press("<Alt>3")
        wait_for("Favourites", lambda: selected(app, "Favourites"))
        press("<Control>q")
        assert app.process.wait(timeout=10) == 0
    finally:
        app.close()
    # A size saved by an earlier run (as a resize would leave it), then the tab left last.
    with __import__("sqlite3").connect(os.path.join(home, "data", "tripboard.sqlite")) as db:
        db.execute("INSERT OR REPLACE INTO setting (key, value) VALUES ('window.width', '800'), ('window.height', '600')")
    again = App(home=home)
    try:
        wait_for("Favourites to be the tab shown", lambda: selected(again, "Favourites"))
        extents = again.window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        # The frame is the window without its outer border.
        assert 780 <= extents.width <= 800 and 580 <= extents.height <= 600, f"the window is {extents.width}×{extents.height}"
        press("<Control>q")
        assert again.process.wait(timeout=10) == 0
    finally:
        again.close()
    with __import__("sqlite3").connect(os.path.join(home, "data", "tripboard.sqlite")) as db:
        saved = dict(db.execute("SELECT key, value FROM setting WHERE key LIKE 'window.%'"))
    assert saved == {"window.width": "800", "window.height": "600", "window.maximised": "false",
                     "window.tab": "favourites", "window.welcomed": "true"}, saved

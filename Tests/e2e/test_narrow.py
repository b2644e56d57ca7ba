"""Half a screen is enough (issue 27): the window opened at 600×700 stays that narrow on every tab
and drill-down, with every control it shows inside it. The size is the one the window was left at
by an earlier run (its saved `window.*` state), the way a person's own resize comes back: GTK opens
the window at that size and grows it only if what it shows needs more, so a widget that forces
width shows as a wider window. Nothing here waits a fixed time: each view is waited for by what it
shows, and each check is made once its controls have been laid out."""
import os
import sqlite3
import tempfile

import pyatspi
from dogtail import rawinput

from harness import App, extents, find, find_all, labels, laid_out, open_row, screenshot, wait_for, window_geometry
from test_desktop import CONTROLS
from test_favourites import seed
from test_settings import settings_page

NOW = {"TRIPBOARD_NOW": "2026-11-24T08:00:00Z"}
WIDTH, HEIGHT = 600, 700
# A stop whose name is longer than a narrow row: it must be cut with an ellipsis, never widen the window.
LONG_STOP = "Federation Square & Swanston St / Flinders Street Station, Melbourne CBD"


def open_narrow(width=WIDTH, height=HEIGHT, tab="deals", **env):
    """The window with a long-named tram stop in its favourites, left by an earlier run at
    `width`×`height` on `tab`."""
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, [("1001", LONG_STOP, None, ["1", "16"])], provider="tramTracker")
    with sqlite3.connect(os.path.join(home, "data", "tripboard.sqlite")) as db:
        db.executemany("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)",
                       [("window.width", str(width)), ("window.height", str(height)), ("window.tab", tab)])
    return App(home=home, **NOW, **env)


def on_screen(app):
    """Every node on screen in the window, each as (node, its box), by walking the tree (nodes
    without a box of their own, such as a view stack's pages, are walked through)."""
    found = []

    def walk(node):
        box = None
        try:
            box = extents(node)
            if not (node.getState().contains(pyatspi.STATE_VISIBLE) and box[2] > 0 and box[3] > 0):
                return
            found.append((node, box))
        except NotImplementedError:
            pass
        for child in node.children:
            # A squeezer shows the first of its children that fits it; the others keep their old
            # boxes but are not on screen.
            if node.name == "AdwSqueezer" and not inside(extents(child), box):
                continue
            walk(child)

    for child in app.window.children:
        walk(child)
    return found


def outside(box, frame):
    """Whether `box` reaches past the window's left or right edge."""
    x, _, width, _ = box
    return x < 0 or x + width > frame[2]


def inside(box, outer):
    """Whether `box` lies wholly within `outer` (boxes as `extents` gives them)."""
    x, y, width, height = box
    ox, oy, owidth, oheight = outer
    return ox <= x and x + width <= ox + owidth and oy <= y and y + height <= oy + oheight


def shown_tabs(app):
    """The view switcher on screen (in the header, or in the bar at the bottom of a narrow window):
    the "Tabs" list wholly inside the window with each tab inside it."""
    frame = extents(app.window)
    for tabs in find_all(app.window, "page tab list"):
        if tabs.name == "Tabs" and laid_out(tabs) and inside(extents(tabs), (0, 0, frame[2], frame[3])):
            names = [tab.name for tab in tabs.children if inside(extents(tab), extents(tabs))]
            if names == ["Deals", "Search", "Favourites", "Settings"]:
                return tabs
    return None


def check_narrow(app, view, named):
    """The window is no wider than WIDTH, and every control on screen lies within it across; the
    controls `named` (role, accessible name) are on screen, wholly inside it (across and down).
    Returns the window's width as X reports it, for the record."""
    tabs = wait_for(f"the four tabs on screen in {view}", lambda: shown_tabs(app))
    nodes = {key: wait_for(f"{key[1]} ({key[0]}) laid out in {view}",
                           lambda key=key: next((node for node in find_all(app.window, key[0])
                                                 if node.name == key[1] and laid_out(node)), None))
             for key in named}
    frame = extents(app.window)
    geometry = window_geometry()
    assert int(geometry.split("x")[0]) <= WIDTH and frame[2] <= WIDTH, \
        f"{view}: the window is {geometry} on X ({frame[2]} px inside its border), wider than {WIDTH}"
    for (role, name), node in nodes.items():
        x, y, width, height = extents(node)
        assert 0 <= x and x + width <= frame[2] and 0 <= y and y + height <= frame[3], \
            f"{view}: {role} {name!r} at {x},{y} {width}×{height} is not inside the window {frame[2]}×{frame[3]}"
    cut = [f"{node.roleName} {node.name!r} at x {box[0]}, {box[2]} wide" for node, box in on_screen(app)
           if node.roleName in CONTROLS | {"label"} and outside(box, frame)]
    assert not cut, f"{view}: past the window's edge ({frame[2]} px): {cut}"
    where = "header" if extents(tabs)[1] < frame[3] // 2 else "bottom bar"
    return frame[2], geometry, where


def cut_labels_keep_whole_text(row):
    """The labels in `row` that may be cut with an ellipsis (those with a tooltip) have their whole
    text as their tooltip, which assistive technologies get as the description; returns them."""
    kept = [label for label in find_all(row, "label") if label.description]
    for label in kept:
        assert label.description == label.name, f"tooltip {label.description!r} for {label.name!r}"
    return kept


def press(keys):
    rawinput.keyCombo(keys)


def visit_every_view(app, shot=None):
    """Goes through each tab and drill-down, checking each is narrow; `shot` names a screenshot of
    each view ("narrow-deals.png" with `shot` "narrow"). Returns {view: window width}."""
    widths = {}

    def check(view, named):
        widths[view] = check_narrow(app, view, named)
        if shot:
            screenshot(f"{shot}-{view}.png")

    wait_for("the deals", lambda: len(app.deal_rows()) >= 5)
    check("deals", [("push button", "Refresh"), ("list", "Deals")])
    first = find(find(app.node, "list", "Deals"), "panel", app.deal_rows()[0])
    assert len(cut_labels_keep_whole_text(first)) >= 2, "a deal's title and hotels are whole in their tooltips"

    app.select("Search")
    form = [("push button", "From"), ("push button", "Swap"), ("push button", "To"), ("spin button", "Adults"),
            ("spin button", "Children"), ("spin button", "Seniors"), ("push button", "Currency"),
            ("push button", "Language"), ("push button", "Search")]
    check("search", form)
    wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
    wait_for("the search's count", lambda: any(text.endswith(" departures") and text[0].isdigit()
                                               for text in labels(app.window)), timeout=30)
    rows = wait_for("the departures", lambda: app.rows("Departures"))
    check("search-results", form + [("push button", "Sort by"), ("panel", rows[0])])
    first = find(find(app.node, "list", "Departures"), "panel", rows[0])
    assert any(" → " in label.name for label in cut_labels_keep_whole_text(first)), \
        "a departure's stations, cut in a narrow window, are whole in the tooltip"

    find(find(app.node, "list", "Departures"), "panel", rows[0]).click()
    wait_for("the details' Stops", lambda: "Stops" in labels(app.window))
    check("search-details", [("label", "Journey"), ("label", "Price"), ("label", "Stops")])
    press("Escape")
    wait_for("the list again", lambda: "Stops" not in labels(app.window))

    app.select("Favourites")
    row = wait_for("the long-named stop's arrivals", lambda: next(
        (name for name in app.rows("Favourite Stops") if name.startswith(LONG_STOP) and ": route " in name), None))
    check("favourites", [("list", "Favourite Stops"), ("panel", row)])

    open_row(app, "Favourite Stops", row)
    wait_for("the board's trams", lambda: len(app.rows("Arrivals")) >= 2)
    check("stop-board", [("list", "Arrivals")])

    press("<Control>n")  # Add Stop, straight from the board
    entry = wait_for("the Stop name field", lambda: next((node for node in find_all(app.window, "text")
                                                          if node.name == "Stop name" and laid_out(node)), None))
    wait_for("the keyboard in the Stop name field", lambda: entry.getState().contains(pyatspi.STATE_FOCUSED))
    rawinput.typeText("Swanston")
    wait_for("stops found", lambda: app.rows("Stops found"))
    check("add-stop", [("text", "Stop name"), ("list", "Stops found")])
    app.select("Deals")  # leaves Add Stop where it is, out of the way of the Escape the field may keep

    settings_page(app)
    check("settings", [])
    return widths


def test_every_tab_and_drill_down_fits_600_px():
    """At 600×700 the window stays at most 600 px wide through every tab and drill-down, every
    control it shows is inside it, and the four tabs are on screen (where, it prints). The layout
    is the same in either style: `make screenshots` takes these pictures in both."""
    app = open_narrow()
    try:
        widths = visit_every_view(app, shot="narrow")
        print("    " + ", ".join(f"{view} {width} px ({geometry}, tabs in the {where})"
                                 for view, (width, geometry, where) in widths.items()))
    finally:
        app.close()


def test_the_welcome_fits_600_px():
    """The welcome at 600×700 (a new person's window left narrow before choosing): no wider, and
    its choices and Settings wholly inside it."""
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, [])
    with sqlite3.connect(os.path.join(home, "data", "tripboard.sqlite")) as db:
        db.executemany("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)",
                       [("window.width", str(WIDTH)), ("window.height", str(HEIGHT)), ("window.welcomed", "false")])
    app = App(home=home, welcome=True)
    try:
        heading = wait_for("the welcome", lambda: (node := find(app.window, "heading", "Welcome to Tripboard")) and laid_out(node))
        frame = extents(app.window)
        geometry = window_geometry()
        assert int(geometry.split("x")[0]) <= WIDTH and frame[2] <= WIDTH, f"the welcome is {geometry} on X"
        for name in ("Search coaches", "Add stops", "Browse deals", "Settings"):
            x, y, width, height = extents(find(app.window, "push button", name))
            assert 0 <= x and x + width <= frame[2] and 0 <= y and y + height <= frame[3], \
                f"{name} at {x},{y} {width}×{height} is not inside the window {frame[2]}×{frame[3]}"
        cut = [f"{node.roleName} {node.name!r}" for node, box in on_screen(app)
               if node.roleName in CONTROLS | {"label", "heading"} and outside(box, frame)]
        assert not cut, f"past the window's edge: {cut}"
        screenshot("narrow-welcome.png")
    finally:
        app.close()

"""The Favourites tab in the real window: London buses on the demo service."""
import json
import os
import sqlite3
import subprocess
import time

import pyatspi
from dogtail import rawinput

from harness import BIN, App, DemoServer, environment, find, find_all, labels, screenshot, wait_for


def part(app, name):
    """One of the tab's views, by name: "Favourites list", "Add stop" or "Stop board". Widgets of
    views not showing stay in the tree (and without a window manager nothing reports SHOWING), so
    tests look inside the view they expect to be on."""
    return wait_for(f"the {name} view", lambda: next((node for node in find_all(app.window, "panel")
                                                      if node.name == name), None))


def button(app, view, name):
    return wait_for(f"the '{name}' button in {view}", lambda: find(part(app, view), "push button", name, visible=True))


def favourite_rows(app):
    return app.rows("Favourite stops")


def type_into(entry, text):
    """Types as a person would, with keys, into `entry`, which must have the keyboard focus."""
    wait_for("the field to have the keyboard focus", lambda: entry.getState().contains(pyatspi.STATE_FOCUSED))
    rawinput.typeText(text)


def add_stop_by_name(app, text, row_prefix):
    """Through "Add stop": types `text`, adds the result whose row starts with `row_prefix`, goes Back."""
    button(app, "Favourites list", "Add stop").doActionNamed("click")
    entry = wait_for("the Stop name field", lambda: find(part(app, "Add stop"), "text", "Stop name"))
    type_into(entry, text)
    results = wait_for(f"a result starting {row_prefix!r}",
                       lambda: next((item for item in find(app.node, "list", "Stops found").children
                                     if item.children and item.children[0].name.startswith(row_prefix)), None))
    find(results, "push button", "Add").doActionNamed("click")
    # The row is re-made with its new state: look it up again.
    wait_for("the result to say it is in favourites",
             lambda: any(name.startswith(row_prefix) and name.endswith(", in favourites")
                         for name in app.rows("Stops found")))
    button(app, "Add stop", "Back").doActionNamed("click")


def seed(home, stops):
    """Saves favourites the way the app would find them after an earlier run: the command line
    creates the database, then rows go in (provider, id, name, letter, lines, routes)."""
    env = environment(TRIPBOARD_DATA_DIR=os.path.join(home, "data"))
    subprocess.run([BIN, "favourites"], env=env, check=True, capture_output=True)
    with sqlite3.connect(os.path.join(home, "data", "tripboard.sqlite")) as db:
        for position, (stop_id, name, letter, lines) in enumerate(stops):
            db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) "
                       "VALUES ('tfl', ?, ?, ?, ?, '[]', ?)", (stop_id, name, letter, json.dumps(lines), position))


def test_favourites_empty_then_add_by_name_and_board():
    app = App()
    try:
        app.select("Favourites")
        wait_for("the empty state", lambda: "No favourite stops yet" in labels(app.window))
        screenshot("favourites-empty.png")
        add_stop_by_name(app, "Oxford Circus", "Oxford Circus Station, stop OE")
        rows = wait_for("the stop's arrivals in its row",
                        lambda: [r for r in favourite_rows(app) if ": route " in r] or None)
        assert rows[0].startswith("Oxford Circus Station, stop OE: route "), rows
        screenshot("favourites.png")
    finally:
        app.close()

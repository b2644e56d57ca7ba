"""The Favourites tab in the real window: London buses on the demo service."""
import json
import os
import re
import sqlite3
import subprocess
import tempfile
import time

import pyatspi
from dogtail import rawinput

from harness import BIN, App, DemoServer, back, details_say, environment, find, find_all, global_queue_workers, header_title, labels, open_row, screenshot, tick, wait_for


def part(app, name):
    """One of the tab's views, by name: "Favourites list", "Add Stop" or "Stop board". Widgets of
    views not showing stay in the tree (and without a window manager nothing reports SHOWING), so
    tests look inside the view they expect to be on."""
    return wait_for(f"the {name} view", lambda: next((node for node in find_all(app.window, "panel")
                                                      if node.name == name), None))


def button(app, view, name):
    return wait_for(f"the '{name}' button in {view}", lambda: find(part(app, view), "push button", name, visible=True))


# Three London stops, each with one route, as a person might have saved them.
THREE_STOPS = [("490000173OE", "Oxford Circus Station", "OE", ["73"]),
               ("490000235S", "Trafalgar Square", "S", ["24"]),
               ("490000254Y", "Waterloo Station / Tenison Way", "Y", ["59"])]


def sort_board(app, order):
    """Sorts the open board "By Time" or "By Route" from the Sort menu in the header bar."""
    next(sort for sort in find_all(app.window, "push button")
         if sort.name == "Sort" and "click" in sort.actions).doActionNamed("click")
    wait_for(f"the {order} toggle", lambda: find(app.node, None, order)).doActionNamed("click")
    rawinput.pressKey("Escape")  # closes the menu


def favourite_rows(app):
    return app.rows("Favourite Stops")


def type_into(entry, text):
    """Types as a person would, with keys, into `entry`, which must have the keyboard focus."""
    wait_for("the field to have the keyboard focus", lambda: entry.getState().contains(pyatspi.STATE_FOCUSED))
    rawinput.typeText(text)


def add_stop_by_name(app, text, row_prefix):
    """Through "Add Stop": types `text`, adds the result whose row starts with `row_prefix`, goes Back."""
    button(app, "Favourites list", "Add Stop").doActionNamed("click")
    entry = wait_for("the Stop name field", lambda: find(part(app, "Add Stop"), "text", "Stop name"))
    type_into(entry, text)
    results = wait_for(f"a result starting {row_prefix!r}",
                       lambda: next((item for item in find(app.node, "list", "Stops found").children
                                     if item.children and item.children[0].name.startswith(row_prefix)), None))
    find(results, "push button", "Add").doActionNamed("click")
    # The row says so once the favourite is saved.
    wait_for("the result to say it is in favourites",
             lambda: any(name.startswith(row_prefix) and name.endswith(", in favourites")
                         for name in app.rows("Stops found")))
    back(app)


def seed(home, stops, provider="tfl"):
    """Saves favourites the way the app would find them after an earlier run: the command line
    creates the database, then rows go in (id, name, letter, lines), all of `provider`."""
    env = environment(TRIPBOARD_DATA_DIR=os.path.join(home, "data"))
    subprocess.run([BIN, "favourites"], env=env, check=True, capture_output=True)
    with sqlite3.connect(os.path.join(home, "data", "tripboard.sqlite")) as db:
        for position, (stop_id, name, letter, lines) in enumerate(stops):
            db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) "
                       "VALUES (?, ?, ?, ?, ?, '[]', ?)", (provider, stop_id, name, letter, json.dumps(lines), position))


def next_arrivals(app):
    """The favourite rows once each shows arrivals (or a status), by title."""
    return wait_for("arrivals in every favourite row",
                    lambda: [r for r in favourite_rows(app) if "Loading" not in r] or None)


def test_add_a_stop_see_its_board_choose_routes_and_keep_them_after_relaunch():
    app = App()
    home = app.home
    try:
        app.select("Favourites")
        wait_for("the empty state", lambda: "No favourite stops yet" in labels(app.window))
        screenshot("favourites-empty.png")
        button(app, "Favourites list", "Add Stop").doActionNamed("click")
        entry = wait_for("the Stop name field", lambda: find(part(app, "Add Stop"), "text", "Stop name"))
        type_into(entry, "Oxford Circus")
        wait_for("four lettered stops, not the area",
                 lambda: len(app.rows("Stops found")) == 4 and all(
                     r.startswith("Oxford Circus Station, stop O") for r in app.rows("Stops found")))
        screenshot("favourites-add-stop.png")
        add = next(item for item in find(app.node, "list", "Stops found").children
                   if item.children[0].name.startswith("Oxford Circus Station, stop OE"))
        find(add, "push button", "Add").doActionNamed("click")
        wait_for("the result to say it is in favourites",
                 lambda: any(n.startswith("Oxford Circus Station, stop OE") and n.endswith(", in favourites")
                             for n in app.rows("Stops found")))
        # The favourites were read and the stop saved on Tripboard's own threads, not libdispatch's.
        assert global_queue_workers(app.process.pid) == [], global_queue_workers(app.process.pid)
        back(app)

        row = next_arrivals(app)[0]
        assert row.startswith("Oxford Circus Station, stop OE: route "), row
        for route in ("73", "390"):  # every route of interest has its next bus in the row
            assert f"route {route} " in row, row
        screenshot("favourites.png")

        open_row(app, "Favourite Stops", row)
        board = part(app, "Stop board")
        wait_for("the board's arrivals", lambda: len(app.rows("Arrivals")) >= 8)
        by_time = app.rows("Arrivals")
        assert all(r.startswith("Route ") and ", bus " in r for r in by_time), by_time
        sort_board(app, "By Route")

        def grouped():
            rows = app.rows("Arrivals")
            routes = [r.split(" ")[1] for r in rows]
            return rows != by_time and routes == sorted(routes, key=int) and routes
        routes = wait_for("arrivals grouped by route", grouped)
        # The rows are made again as the sort changes: wait for the headings, never read them mid-change.
        expected = [f"Route {route}" for route in dict.fromkeys(routes)]
        wait_for(f"one heading per route: {expected}",
                 lambda: [name for name in labels(board) if re.fullmatch(r"Route \d+", name)] == expected)
        screenshot("favourites-board.png")

        # The menu button and its inner button are both named "Routes": the inner one is pressed.
        next(routes for routes in find_all(board, "push button")
             if routes.name == "Routes" and "click" in routes.actions).doActionNamed("click")
        for route in ("55", "98"):
            check = wait_for(f"the Route {route} check box", lambda: find(app.node, "check box", f"Route {route}"))
            assert check.getState().contains(pyatspi.STATE_CHECKED), f"route {route} shows before any is chosen"
            tick(check)
            wait_for(f"route {route} to be left out", lambda: not check.getState().contains(pyatspi.STATE_CHECKED))
        screenshot("favourites-routes.png")
        rawinput.pressKey("Escape")  # closes the popover
        back(app)
        wait_for("the row to name its routes", lambda: "routes 73, 390" in " ".join(labels(part(app, "Favourites list"))))
        row = next_arrivals(app)[0]
        assert "route 55" not in row and "route 98" not in row, row
    finally:
        app.process.send_signal(15)  # SIGTERM, as a session ending does
        app.process.wait(timeout=10)

    again = App(home=home)
    try:
        again.select("Favourites")
        row = next_arrivals(again)[0]
        assert row.startswith("Oxford Circus Station, stop OE: route "), row
        assert "route 55" not in row and "route 98" not in row, row
        assert "routes 73, 390" in " ".join(labels(part(again, "Favourites list")))
    finally:
        again.close()


def drag(start, end):
    """A pointer drag as a hand makes it: press, move in steps past GTK's threshold, release."""
    rawinput.press(*start)
    for step in range(1, 11):
        rawinput.absoluteMotion(start[0] + (end[0] - start[0]) * step // 10,
                                start[1] + (end[1] - start[1]) * step // 10)
        time.sleep(0.05)
    time.sleep(0.2)
    rawinput.release(*end)


def first_row(app):
    """The first favourite row's item in the list. Rows keep their widgets while their arrivals
    change, so what is found here can be pressed or dragged a moment later."""
    return wait_for("the first favourite row", lambda: find(app.node, "list", "Favourite Stops").children[0])


def press_in_first_row(app, name, until, what):
    """Presses `name` in the first favourite row and waits for `until()`."""
    find(first_row(app), "push button", name).doActionNamed("click")
    return wait_for(what, until, timeout=10)


def drag_second_onto_first(app, until, what):
    """Drags the second favourite row onto the first and waits for `until()`."""
    stops = find(app.node, "list", "Favourite Stops")
    source, target = stops.children[1], stops.children[0]
    (sx, sy), (sw, sh) = source.position, source.size
    (tx, ty), (tw, th) = target.position, target.size
    drag((sx + sw // 3, sy + sh // 2), (tx + tw // 3, ty + th // 2))
    return wait_for(what, until, timeout=10)


def titles(app):
    return [row.split(":")[0] for row in favourite_rows(app)]


def test_reorder_remove_undo_and_remove_for_good():
    # A pinned clock keeps the demo's arrivals, and so each row, the same from run to run. Undo is
    # offered for 2 minutes, not the usual 8 s: finding it means walking the accessibility tree,
    # which a busy machine slows, and the offer must not run out while the test looks.
    app = App(TRIPBOARD_NOW="2026-11-22T09:00:00Z", TRIPBOARD_UNDO_SECONDS="120")
    seed(app.home, [])  # the database exists before the stops are added through the window
    try:
        app.select("Favourites")
        wait_for("the empty state", lambda: "No favourite stops yet" in labels(app.window))
        add_stop_by_name(app, "Waterloo", "Waterloo Station / Tenison Way, stop Y")
        add_stop_by_name(app, "Russell", "Russell Square, stop R")
        wait_for("two favourites", lambda: titles(app) == ["Waterloo Station / Tenison Way, stop Y", "Russell Square, stop R"])

        press_in_first_row(app, "Move down", lambda: titles(app) == ["Russell Square, stop R", "Waterloo Station / Tenison Way, stop Y"],
                           "Russell Square first")

        # Drag and drop: the second stop dragged onto the first takes its place.
        drag_second_onto_first(app, lambda: titles(app) == ["Waterloo Station / Tenison Way, stop Y", "Russell Square, stop R"],
                               "Waterloo first again after the drag")
        press_in_first_row(app, "Move down", lambda: titles(app) == ["Russell Square, stop R", "Waterloo Station / Tenison Way, stop Y"],
                           "Russell Square first again")

        press_in_first_row(app, "Remove", lambda: titles(app) == ["Waterloo Station / Tenison Way, stop Y"], "only Waterloo left")
        view = part(app, "Favourites list")
        undo = wait_for("the notice with Undo", lambda: "Removed Russell Square (Stop R)" in labels(view)
                        and find(view, "push button", "Undo", visible=True))
        screenshot("favourites-undo.png")
        undo.doActionNamed("click")
        wait_for("Russell Square back in its place",
                 lambda: titles(app) == ["Russell Square, stop R", "Waterloo Station / Tenison Way, stop Y"])

    finally:
        app.close()

    # Removed for good, relaunched with the usual offer: Undo is offered, then goes by itself. The
    # notice is looked for in the list's view found before the removal, a look quick enough to see
    # it on a busy machine before it goes.
    app = App(home=app.home, TRIPBOARD_NOW="2026-11-22T09:00:00Z")
    try:
        app.select("Favourites")
        wait_for("both favourites", lambda: titles(app) == ["Russell Square, stop R", "Waterloo Station / Tenison Way, stop Y"])
        view = part(app, "Favourites list")
        find(first_row(app), "push button", "Remove").doActionNamed("click")
        wait_for("the notice with Undo", lambda: "Removed Russell Square (Stop R)" in labels(view.children[1])
                 and find(view.children[1], "push button", "Undo", visible=True))
        wait_for("the Undo notice to go by itself", lambda: not find(view, "push button", "Undo", visible=True), timeout=60)
        wait_for("only Waterloo left", lambda: titles(app) == ["Waterloo Station / Tenison Way, stop Y"])
    finally:
        app.close()
    with sqlite3.connect(os.path.join(app.home, "data", "tripboard.sqlite")) as db:
        saved = [row[0] for row in db.execute("SELECT stopId FROM favourite ORDER BY position")]
    assert saved == ["490000254Y"], saved


def test_one_stop_failing_keeps_the_others_and_all_failing_offers_retry():
    # Both stops' requests and their automatic retries fail (6 requests); after that the service works.
    server = DemoServer(faults="arrivals=503@1-6")
    app = App(TRIPBOARD_TFL_URL=server.base)
    seed(app.home, [("490000173OE", "Oxford Circus Station", "OE", ["55", "73", "98", "390"]),
                    ("490000235S", "Trafalgar Square", "S", ["11", "24", "87", "88"])])
    try:
        app.select("Favourites")
        dialog = wait_for("the error dialog when every stop failed", app.dialog)
        details_say(dialog, "HTTP 503")
        screenshot("favourites-error.png")
        find(dialog, "push button", "Retry").doActionNamed("click")
        wait_for("both stops with arrivals after Retry",
                 lambda: (lambda rs: len(rs) == 2 and all(": route " in r for r in rs))(favourite_rows(app)))
        assert app.dialog() is None
    finally:
        app.close()
        server.close()

    # One stop the service does not know (a 404, not worth retrying) keeps its own problem; the other shows.
    app = App(TRIPBOARD_NOW="2026-11-22T09:00:00Z")
    seed(app.home, [("490000173OE", "Oxford Circus Station", "OE", ["55", "73", "98", "390"]),
                    ("490000999ZZ", "Gone Street", "ZZ", ["1"])])
    try:
        app.select("Favourites")
        rows = wait_for("one stop with arrivals and one with its own problem",
                        lambda: (lambda rs: rs if len(rs) == 2 and any(": route " in r for r in rs)
                                 and any("Couldn’t load arrivals" in r for r in rs) else None)(favourite_rows(app)))
        assert any("TfL knows no stop with the id" in r for r in rows), rows
        assert app.dialog() is None
    finally:
        app.close()


def test_an_unreadable_database_is_moved_aside_and_said():
    app_home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    os.makedirs(os.path.join(app_home, "data"))
    with open(os.path.join(app_home, "data", "tripboard.sqlite"), "w") as damaged:
        damaged.write("these are not the favourites you are looking for")
    app = App(home=app_home)
    try:
        app.select("Favourites")
        notice = wait_for("the notice saying where the file went",
                          lambda: next((text for text in labels(part(app, "Favourites list"))
                                        if "could not be read" in text), None))
        moved = [name for name in os.listdir(os.path.join(app_home, "data")) if ".unreadable-" in name]
        assert len(moved) == 1 and moved[0] not in notice, f"one plain sentence, the file behind Details: {notice}"
        details_say(part(app, "Favourites list"), moved[0])
        assert "No favourite stops yet" in labels(app.window), "a fresh database is used"
        screenshot("favourites-moved-aside.png")
        button(app, "Favourites list", "Dismiss").doActionNamed("click")
        wait_for("the notice to go", lambda: not find(part(app, "Favourites list"), "push button", "Dismiss", visible=True))
    finally:
        app.close()


def test_trams_beside_buses_in_melbourne_time_and_kept_in_order():
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    # HomeTime's "9:23 am": the 12-hour clock, chosen on the command line (the desktop here says 24-hour).
    subprocess.run([BIN, "settings", "set", "clock", "12"], env=environment(TRIPBOARD_DATA_DIR=os.path.join(home, "data")),
                   check=True, capture_output=True)
    app = App(home=home, TZ="Europe/London")
    try:
        app.select("Favourites")
        # HomeTime's pair: one place with an Add per direction, two clicks.
        button(app, "Favourites list", "Add Stop").doActionNamed("click")
        type_into(wait_for("the Stop name field", lambda: find(part(app, "Add Stop"), "text", "Stop name")), "Highett")
        for number, direction in [("4055", "towards North Richmond"), ("4155", "towards Balaclava")]:
            place = wait_for("Highett St as one place with two directions",
                             lambda: next((item for item in find(app.node, "list", "Stops found").children
                                           if item.children and item.children[0].name.startswith(
                                               "Highett St & Church St, Melbourne tram, 2 directions, route 78")), None))
            find(place, "push button", f"Add: {direction} ({number})").doActionNamed("click")
            wait_for(f"{number} in favourites", lambda: any(f"stop {number} {direction} in favourites" in n
                                                           for n in app.rows("Stops found")))
        assert len(app.rows("Stops found")) == 1, app.rows("Stops found")
        # The count over the results is of the rows shown: one stop, with an Add each way.
        assert "1 stop matching “Highett”, in both directions" in labels(part(app, "Add Stop")), labels(part(app, "Add Stop"))
        screenshot("add-stop-both-directions.png")
        back(app)
        add_stop_by_name(app, "Oxford Circus", "Oxford Circus Station, stop OE")
        rows = wait_for("arrivals in all three rows", lambda: (lambda rs: rs if len(rs) == 3 and all(": route " in r for r in rs)
                                                               else None)(favourite_rows(app)))
        assert [r.split(":")[0] for r in rows] == ["Highett St & Church St, stop 4055", "Highett St & Church St, stop 4155",
                                                    "Oxford Circus Station, stop OE"], rows
        # Each arrival is a route badge and its time; on this London machine the trams' clock
        # times say they are Melbourne's.
        shown = labels(part(app, "Favourites list"))
        assert "78" in shown and any(re.fullmatch(r"\d{1,2}:\d\d [ap]m \((\d+ min|Now)\)", text) for text in shown), shown
        assert "Melbourne time" in shown, shown
        screenshot("favourites-trams.png")
        open_row(app, "Favourite Stops", rows[0])
        wait_for("the tram board", lambda: len(app.rows("Arrivals")) >= 2)
        assert all(r.startswith("Route 78 to North Richmond, ") and ", tram " in r for r in app.rows("Arrivals")), app.rows("Arrivals")
        screenshot("favourites-tram-board.png")
    finally:
        app.close()

    again = App(home=home)
    try:
        again.select("Favourites")
        rows = wait_for("the three stops after relaunch", lambda: favourite_rows(again) if len(favourite_rows(again)) == 3 else None)
        assert [r.split(":")[0] for r in rows] == ["Highett St & Church St, stop 4055", "Highett St & Church St, stop 4155",
                                                    "Oxford Circus Station, stop OE"], rows
    finally:
        again.close()


def test_the_services_disruption_messages_show_on_the_row_and_the_board():
    # A pinned clock keeps the row's name (its "N min") still while it is looked up and clicked.
    app = App(TRIPBOARD_NOW="2026-11-22T09:00:00Z")
    seed(app.home, [("1001", "Federation Square & Swanston St", None, ["1", "16"])], provider="tramTracker")
    detour = "Disruption: Route 16 trams are running up to 10 minutes late after a breakdown on St Kilda Rd."
    try:
        app.select("Favourites")
        row = wait_for("the disruption in the row's sentence", lambda: next((r for r in favourite_rows(app) if detour in r), None))
        assert detour in labels(part(app, "Favourites list")), "and on screen"
        screenshot("favourites-disruption.png")
        open_row(app, "Favourite Stops", row)
        wait_for("the disruption above the board", lambda: detour in labels(part(app, "Stop board")))
        wait_for("the board's trams", lambda: len(app.rows("Arrivals")) >= 3)
        screenshot("favourites-board-disruption.png")
    finally:
        app.close()


def test_rows_show_badges_and_wrap_in_a_narrow_window():
    """London and Melbourne side by side, one with a disruption, at the default width and at 600 px,
    light and dark: each arrival a route badge and its time, the trams' times said to be
    Melbourne's (the machine here keeps London time), and the disruption wrapped, not cut."""
    detour = "Disruption: Route 16 trams are running up to 10 minutes late after a breakdown on St Kilda Rd."
    for style, scheme in (("", "prefer-light"), ("-dark", "prefer-dark")):
        for width in (None, 600):
            home = tempfile.mkdtemp(prefix="tripboard-e2e-")
            seed(home, [("490000173OE", "Oxford Circus Station", "OE", ["55", "73", "98", "390"])])
            with sqlite3.connect(os.path.join(home, "data", "tripboard.sqlite")) as db:
                for position, (stop_id, name, lines) in enumerate([("1001", "Federation Square & Swanston St", ["1", "16"]),
                                                                   ("4055", "Highett St & Church St", ["78"])], start=1):
                    db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) "
                               "VALUES ('tramTracker', ?, ?, NULL, ?, '[]', ?)", (stop_id, name, json.dumps(lines), position))
                if width:
                    db.execute("INSERT OR REPLACE INTO setting (key, value) VALUES ('window.width', ?), ('window.height', '720')",
                               (str(width),))
            again = App(home=home, TRIPBOARD_NOW="2026-11-22T09:00:00Z", TZ="Europe/London", ADW_DEBUG_COLOR_SCHEME=scheme)
            try:
                again.select("Favourites")
                wait_for("arrivals in all three rows",
                         lambda: (lambda rs: len(rs) == 3 and all(": route " in r for r in rs))(favourite_rows(again)))
                view = part(again, "Favourites list")
                shown = labels(view)
                for expected in ("73", "390", "16", "78", "Melbourne time", detour):
                    assert expected in shown, (expected, shown)
                if width:
                    frame = again.window.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                    assert frame.width <= width, f"the window is {frame.width} wide"
                    notice = find(view, "label", detour)
                    box = notice.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                    assert box.x + box.width <= frame.x + frame.width, "the disruption runs past the window's edge"
                    line = find(view, "label", "Melbourne time").queryComponent().getExtents(pyatspi.DESKTOP_COORDS).height
                    assert box.height > line * 1.5, f"the disruption is {box.height} px high, a line {line}: not wrapped, so cut"
                screenshot(f"favourites-rows{'-narrow' if width else ''}{style}.png")
            finally:
                again.close()

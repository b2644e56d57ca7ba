"""The Search tab in the real window."""
import http.server
import json
import subprocess
import threading
import time

import pyatspi

from dogtail import rawinput
from harness import (TABS, App, DemoServer, capture_of, cli_deals, cli_departures, cpu_ticks, demo_environment, details_say,  # noqa: F401
                     departure_sentence, global_queue_workers, find, find_all, labels, laid_out, mapped_libraries, screenshot, sentence, tick, wait_for)

# The form starts on today: pinned to the demo's classic day (a Friday, 8 departures, 04:00 in New York).
NOW = {"TRIPBOARD_NOW": "2016-07-29T08:00:00Z"}
# Each poll answers 8 s late, so a person (and a test) sees the search in progress: its three
# polls keep "Searching…" on screen for some 25 s, far longer than walking the Search view takes
# on a busy machine, and each stays within a request's time limit (15 s by default).
SLOW_POLLS = {"TRIPBOARD_DEMO_FAULTS": "poll=slow:8000"}
# Long enough for the whole slow search, with room for a busy machine.
SLOW_SEARCH_SECONDS = 90


def test_search_shows_departures_as_they_arrive():
    expected = cli_departures(**NOW)
    assert len(expected) == 8
    app = App(**NOW, **SLOW_POLLS)
    try:
        app.select("Search")
        wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
        # Only the Search view is read while the pages arrive: walking the whole window takes longer than a poll.
        view = wait_for("the Search view", lambda: find(app.window, "panel", "Search form and results"))
        wait_for("the running count", lambda: any(text.startswith("Searching… ") for text in labels(view)))
        screenshot("search-progress.png")
        wait_for(f"'{len(expected)} departures'", lambda: f"{len(expected)} departures" in labels(app.window),
                 timeout=SLOW_SEARCH_SECONDS)
        # The search's decoding ran on Tripboard's own threads, not libdispatch's global queues.
        assert global_queue_workers(app.process.pid) == [], global_queue_workers(app.process.pid)
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


def painted_colours(node, window):
    """How many colours the display shows where `node` is: a blank area has one."""
    return int(subprocess.run(["identify", "-format", "%k", capture_of(node, window)],
                              capture_output=True, text=True, check=True).stdout)


class Above:
    """The part of `node`'s area above `below` (a part of it): where a status page draws its icon,
    which is not in the accessible tree."""

    def __init__(self, node, below):
        self.node, self.below = node, below

    def queryComponent(self):
        return self

    def getExtents(self, coordinates):
        x, y, width, _ = self.node.queryComponent().getExtents(coordinates)
        return x, y, width, self.below.queryComponent().getExtents(coordinates)[1] - y


def test_the_empty_page_and_the_searching_spinner_are_drawn_without_loading_librsvg():
    """The empty Search page's 128 px icon and the spinner of a search in progress are drawn from
    PNGs of the app's (scripts/make-icons.sh): Adwaita has them only as SVGs at those sizes, and
    drawing an SVG loads librsvg and libxml2 (6.5 MiB resident)."""
    app = App(**NOW, **SLOW_POLLS)
    try:
        app.select("Search")
        view = wait_for("the Search view", lambda: find(app.window, "panel", "Search form and results"))
        heading = wait_for("the empty page", lambda: (label := find(view, "label", "Find a coach")) and laid_out(label) and label)
        page = heading.parent.parent
        wait_for("its icon drawn above its heading", lambda: painted_colours(Above(page, heading), app.window) > 4)
        wait_for("the form's Search button", lambda: find(view, "push button", "Search")).doActionNamed("click")
        spinner = wait_for("the spinner", lambda: find(view, "filler", "Searching", visible=True))
        wait_for("the spinner drawn", lambda: painted_colours(spinner, app.window) > 4)
        loaded = mapped_libraries(app)
        drawing_svg = [name for name in loaded if name.startswith(("librsvg", "libpixbufloader-svg"))]
        assert not drawing_svg, drawing_svg
    finally:
        app.close()


def open_filter(view, name="Filter"):
    """Opens the Filter popover: the menu button and its inner button share the name; the inner one is pressed."""
    wait_for(f"the {name} button", lambda: next(
        button for button in find_all(view, "push button") if button.name == name and "click" in button.actions)
    ).doActionNamed("click")


def visible_button(view, name):
    """The push button `name` in `view` when it is on screen (hidden widgets stay in the tree)."""
    return find(view, "push button", name, visible=True)


def test_filter_on_one_operator_shows_only_its_departures_and_clear_brings_them_back():
    expected = cli_departures(**NOW)
    everyone = [departure_sentence(departure) for departure in expected]
    chosen = "Trailways"
    theirs = [departure_sentence(departure) for departure in expected if departure["operator"] == chosen]
    assert 0 < len(theirs) < len(expected), expected
    app = App(**NOW)
    try:
        app.select("Search")
        wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
        view = wait_for("the Search view", lambda: find(app.window, "panel", "Search form and results"))
        wait_for(f"'{len(expected)} departures'", lambda: f"{len(expected)} departures" in labels(view))
        assert visible_button(view, "Clear filters") is None, "nothing to clear before a filter is on"

        open_filter(view)
        check = wait_for(f"the {chosen} check box",
                         lambda: find(app.node, "check box", f"{chosen} ({len(theirs)})"))
        for other in {departure["operator"] for departure in expected} - {chosen}:
            count = sum(departure["operator"] == other for departure in expected)
            assert find(app.node, "check box", f"{other} ({count})") is not None, f"{other} ({count}) is offered"
        tick(check)
        wait_for(f"only {chosen}'s departures", lambda: app.rows("Departures") == theirs)
        shown_of_found = f"{len(theirs)} of {len(expected)} departures"
        wait_for(f"'{shown_of_found}'", lambda: shown_of_found in labels(view))
        wait_for("the button to say a filter is on",
                 lambda: any(button.name == "Filter (1)" for button in find_all(view, "push button")))
        screenshot("search-filter.png")
        rawinput.pressKey("Escape")  # closes the popover

        wait_for("Clear filters", lambda: visible_button(view, "Clear filters")).doActionNamed("click")
        wait_for("every departure back", lambda: (lambda rows: len(rows) >= min(6, len(everyone))
                                                  and rows == everyone[:len(rows)])(app.rows("Departures")))
        wait_for(f"'{len(expected)} departures' again", lambda: f"{len(expected)} departures" in labels(view))
        wait_for("Clear filters to go", lambda: visible_button(view, "Clear filters") is None)
        assert any(button.name == "Filter" for button in find_all(view, "push button"))
    finally:
        app.close()


def test_failed_search_retries_the_same_search():
    # Three tries fail (the first and its two automatic retries); Retry's search then works.
    server = DemoServer(faults="departures=503@1-3")
    app = App(TRIPBOARD_BUSBUD_URL=server.base, **NOW)
    try:
        app.select("Search")
        wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
        dialog = wait_for("the error dialog", app.dialog)
        details_say(dialog, "HTTP 503")
        screenshot("search-error.png")
        find(dialog, "push button", "Retry").doActionNamed("click")
        wait_for("departures after Retry", lambda: "8 departures" in labels(app.window))
    finally:
        app.close()
        server.close()


def test_failed_poll_keeps_the_departures_found():
    server = DemoServer(faults="poll=500")
    app = App(TRIPBOARD_BUSBUD_URL=server.base, **NOW)
    try:
        app.select("Search")
        wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
        notice = wait_for("the notice above the kept departures",
                          lambda: next((text for text in labels(app.window) if "Showing what was loaded earlier" in text), None))
        assert "500" not in notice, f"one plain sentence, the status behind Details: {notice}"
        details_say(find(app.window, "panel", "Search form and results"), "HTTP 500")
        assert app.dialog() is None, "rows stay on screen; the notice says what went wrong"
        assert len(app.rows("Departures")) > 0
        assert any(text.endswith("found before the search failed") for text in labels(app.window))
        screenshot("search-partial.png")
    finally:
        app.close()
        server.close()



"""The Settings tab in the real window: changes apply at once, survive a relaunch, and reach the
other tabs; live services and "Test connection" against servers on 127.0.0.1."""
import datetime
import json
import os
import re
import sqlite3
import subprocess
import tempfile
import time

import pyatspi
from dogtail import rawinput

from harness import (BIN, App, choose_in_open_list, DealsServer, DemoServer, TramServer, environment, find, find_all, open_row,
                     labels, screenshot, wait_for)
from test_favourites import favourite_rows, part, seed


def settings_page(app):
    app.select("Settings")
    return wait_for("the Settings page", lambda: find(app.window, "scroll pane", "Settings"))


def saved(app):
    """The settings as the command line reads them from the window's data folder."""
    out = subprocess.run([BIN, "settings", "--json"], env=environment(TRIPBOARD_DATA_DIR=os.path.join(app.home, "data")),
                         check=True, capture_output=True, text=True)
    return {entry["key"]: entry for entry in json.loads(out.stdout)}


def on_screen(page, node):
    """Whether `node` is wholly inside the visible part of the scrolling `page`."""
    (_, top), (_, height) = page.position, page.size
    (_, y), (_, node_height) = node.position, node.size
    return top <= y and y + node_height <= top + height


def scroll_into_view(page, node):
    """Turns the mouse wheel over `page` until `node` is wholly inside it, down or back up."""
    (px, py), (pw, ph) = page.position, page.size
    for _ in range(60):
        if on_screen(page, node):
            return
        before = node.position
        wheel = 5 if node.position[1] > py else 4  # one notch down, or up
        rawinput.click(px + pw // 2, py + ph // 2, button=wheel)
        wait_for("the page to scroll", lambda: node.position != before, timeout=5)
    raise AssertionError(f"{node.name} never scrolled into the window")


def choose(page, name, index):
    """Chooses item `index` (0 is the first) in the combo row `name`: the pointer opens it (a
    libadwaita 1.2 combo row offers no action over AT-SPI), the keyboard chooses, as in
    `choose_with_keys`: arrow keys from where the keyboard lands, each move seen, then Enter."""
    row = wait_for(f"the {name} row", lambda: find(page, "combo box", name))
    scroll_into_view(page, row)
    (x, y), (_, height) = row.position, row.size
    rawinput.click(x + 24, y + height // 2)
    choose_in_open_list(page, name, index)


def shown_choice(page, name):
    """What the drop-down or combo row `name` shows as chosen: the labels of the list inside a
    combo row (not its title), or of the drop-down's button."""
    combo = find(page, "combo box", name)
    lists = find_all(combo, "list")
    return [label.name for label in find_all(lists[0] if lists else combo, "label") if label.name not in ("", "(None)", "(Aucun)")]


def entry_text(entry):
    text = entry.queryText()
    return text.getText(0, text.characterCount)


def fill(page, name, text):
    """Clicks into the entry row `name`, replaces its text by typing `text`, sees it typed there,
    and presses Enter (which saves without waiting). libadwaita 1.2 keeps the entry row's inner
    text, which has the keyboard, out of the accessibility tree: the typed text is what shows
    the keys went there."""
    entry = wait_for(f"the {name} field", lambda: find(page, "text", name))
    scroll_into_view(page, entry)
    entry.click()
    rawinput.keyCombo("<Control>a")
    rawinput.typeText(text)
    wait_for(f"{text!r} typed in {name}", lambda: entry_text(entry) == text)
    rawinput.pressKey("Return")


def row_saying(page, name):
    """The row (list item, combo box or field) named `name` in `page`: what it says under its title
    and its description (the tooltip, where the technical part goes)."""
    row = wait_for(f"the {name} row", lambda: page.findChild(lambda node: node.name == name and node.roleName in
                                                          ("list item", "combo box", "text", "spin button"),
                                                          retry=False, requireResult=False))
    return [label.name for label in find_all(row, "label")], row.description


def test_refresh_interval_and_currency_are_kept_and_in_use_after_relaunch():
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    app = App(home=home, TRIPBOARD_NOW="2026-11-23T15:00:00Z")
    seed(home, [("490000173OE", "Oxford Circus Station", "OE", ["390", "73"])])
    try:
        # The Search form starts today (by TRIPBOARD_NOW), not on the demo's 2016 day.
        app.select("Search")
        wait_for("the date button on today", lambda: find(app.window, "toggle button", "Mon, 23 Nov 2026")
                 or find(app.window, "push button", "Mon, 23 Nov 2026"))
        page = settings_page(app)
        spin = find(page, "spin button", "Refresh Every")
        assert spin.queryValue().currentValue == 30
        spin.queryValue().currentValue = 45
        wait_limit = find(page, "spin button", "Time Limit")
        assert wait_limit.queryValue().currentValue == 15
        wait_limit.queryValue().currentValue = 40
        choose(page, "Default currency", 2)
        wait_for("all three saved", lambda: saved(app)["favourites.refresh_seconds"]["value"] == "45"
                 and saved(app)["search.currency"]["value"] == "EUR"
                 and saved(app)["network.time_limit_seconds"]["value"] == "40")
        assert shown_choice(page, "Default currency") == ["EUR"]
        screenshot("settings.png")
        # In force at once: the Search form's currency, without a restart.
        app.select("Search")
        wait_for("EUR on the Search form", lambda: shown_choice(app.window, "Currency") == ["EUR"])
    finally:
        app.close()

    again = App(home=home, TRIPBOARD_NOW="2026-11-23T15:00:00Z")
    try:
        page = settings_page(again)
        assert find(page, "spin button", "Refresh Every").queryValue().currentValue == 45
        assert find(page, "spin button", "Time Limit").queryValue().currentValue == 40
        assert shown_choice(page, "Default currency") == ["EUR"]
        again.select("Favourites")
        wait_for("the countdown from 45 s", lambda: any(re.fullmatch(r"Next refresh in (4[0-5]|3[1-9]) s", name)
                                                        for name in labels(again.window)))
        again.select("Search")
        assert shown_choice(again.window, "Currency") == ["EUR"]
        find(again.window, "push button", "Search").doActionNamed("click")
        rows = wait_for("departures priced in euros", lambda: again.rows("Departures") or None, timeout=30)
        assert all("€" in row for row in rows), rows
    finally:
        again.close()


def test_switching_deals_to_a_live_service_and_testing_connections():
    server = DealsServer({"4|7": {"Title": "Lisbon Live", "Count": 12, "MinPrice": 410.0, "Position": 0},
                          "4|8": {"Title": "Porto Live", "Count": 5, "MinPrice": 380.25, "Position": 1}})
    base = server.base
    failing_coaches = DemoServer(faults="departures=503")
    app = App(TRIPBOARD_BUSBUD_URL=failing_coaches.base)
    try:
        wait_for("the demo's deals first", lambda: len(app.deal_rows()) >= 5)
        page = settings_page(app)
        # The built-in demo has no connection to test; a live service has.
        assert find(page, "push button", "Test Connection: Deals", visible=True) is None
        assert find(page, "push button", "Test Connection: Coach search", visible=True) is not None
        # Live needs the address first: choosing it without one is refused beside the field.
        choose(page, "Deals source", 1)
        wait_for("the missing address said", lambda: "Live deals need the address of the deals service." in labels(page))
        assert shown_choice(page, "Deals source") == ["Built-in demo"]
        fill(page, "Deals address", f"{base}/deals")
        fill(page, "Picture address", f"{base}/img/{{id}}.jpg")
        wait_for("the addresses saved", lambda: saved(app)["deals.image_url"]["origin"] == "saved")
        choose(page, "Deals source", 1)
        wait_for("deals live", lambda: saved(app)["deals.source"]["value"] == "live")

        find(page, "push button", "Test Connection: Deals").doActionNamed("click")
        wait_for("the deals test passing", lambda: "Connected: the deals service sent 2 deals." in labels(page))
        # The environment's coach address wins, and the page says so in plain words, with the
        # variable and its address in the tooltip, not the sentence; its 503 is reported in words.
        for row in ("Coach search source", "Coach search address"):
            said, detail = row_saying(find(page, "list", "Coach Search"), row)
            assert "Set by the environment, so it can’t be changed here" in said, said
            assert detail.startswith("TRIPBOARD_BUSBUD_URL=http://127.0.0.1"), detail
        assert not any("TRIPBOARD_" in name or "http://" in name for name in labels(page)), labels(page)
        find(page, "push button", "Test Connection: Coach search").doActionNamed("click")
        # 503 as a number of its own: the data folder's random name, also on the page, may hold it.
        failure = wait_for("the coach test failing", lambda: next((n for n in labels(page) if re.search(r"\b503\b", n)), None))
        assert "coach search" in failure.lower(), failure
        screenshot("settings-tests.png")

        app.select("Deals")
        rows = wait_for("the live service's deals", lambda: app.deal_rows() if len(app.deal_rows()) == 2 else None)
        assert rows == ["Lisbon Live, 12 hotels, from £410.00", "Porto Live, 5 hotels, from £380.25"], rows

        server.failing_status = 503
        page = settings_page(app)
        find(page, "push button", "Test Connection: Deals").doActionNamed("click")
        wait_for("the deals test failing with the 503", lambda: any(re.search(r"\b503\b", n) and "deals" in n.lower() for n in labels(page)))
    finally:
        app.close()
        server.close()
        failing_coaches.close()



def test_every_tab_in_dark():
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    subprocess.run([BIN, "settings", "set", "appearance", "dark"], env=environment(TRIPBOARD_DATA_DIR=os.path.join(home, "data")),
                   check=True, capture_output=True)
    seed(home, [("490000173OE", "Oxford Circus Station", "OE", ["390", "73"]),
                ("1001", "Federation Square & Swanston St", None, ["1", "16"])][:1])
    app = App(home=home, TRIPBOARD_NOW="2026-11-23T15:00:00Z")
    try:
        wait_for("the deals", lambda: len(app.deal_rows()) >= 5)
        time.sleep(1.0)  # the pictures land
        screenshot("dark-deals.png")
        app.select("Search")
        find(app.window, "push button", "Search").doActionNamed("click")
        wait_for("departures", lambda: len(app.rows("Departures")) >= 3, timeout=30)
        time.sleep(0.5)
        screenshot("dark-search.png")
        app.select("Favourites")
        wait_for("arrivals", lambda: any(": route " in r for r in favourite_rows(app)))
        time.sleep(0.5)
        screenshot("dark-favourites.png")
        page = settings_page(app)
        assert shown_choice(page, "Appearance") == ["Dark"]
        choose(page, "Deals source", 1)  # refused: no address yet, said beside the field
        wait_for("the problem beside the field", lambda: "Live deals need the address of the deals service." in labels(page))
        time.sleep(0.5)
        screenshot("dark-settings.png")
        # Back to light at once, without a restart.
        choose(page, "Appearance", 1)
        wait_for("light saved", lambda: saved(app)["appearance"]["value"] == "light")
        time.sleep(0.5)
        screenshot("light-settings.png")
    finally:
        app.close()


def test_text_from_services_shows_as_typed_never_as_markup():
    """A stop's name, a tram service's disruption and event messages, and a service's error in
    Test connection, each holding markup and an ampersand, read exactly as the service wrote them."""
    pinned = "2026-11-22T09:00:00Z"
    disruption = "<b>Diverted</b> via St Kilda Rd & <span foreground='red'>late</span>"
    event = "<i>Night market</i> & fireworks"
    trams = TramServer("96", disruption, event, now=datetime.datetime.fromisoformat(pinned.replace("Z", "+00:00")).timestamp())
    app = App(TRIPBOARD_NOW=pinned, TRIPBOARD_TRAMTRACKER_URL=trams.base)
    bold_stop = "<b>Oxford</b> Circus & <i>Regent St</i>"
    seed(app.home, [("490000173OE", bold_stop, "OE", ["73"])])
    with sqlite3.connect(os.path.join(app.home, "data", "tripboard.sqlite")) as db:
        db.execute("INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position) "
                   "VALUES ('tramTracker', '1001', 'Federation Square & Swanston St', NULL, '[\"96\"]', '[]', 1)")
    try:
        app.select("Favourites")
        wait_for("the stop's name as typed", lambda: f"{bold_stop} (Stop OE)" in labels(part(app, "Favourites list")))
        tram_row = wait_for("the disruption in the tram row's sentence",
                            lambda: next((r for r in favourite_rows(app) if disruption in r), None))
        assert any(bold_stop in row for row in favourite_rows(app)), favourite_rows(app)
        screenshot("markup-favourites.png")
        open_row(app, "Favourite Stops", tram_row)
        board = wait_for("the board's messages as typed",
                         lambda: (lambda shown: shown if disruption in " ".join(shown) and event in " ".join(shown) else None)(
                             labels(part(app, "Stop board"))))
        assert not any("Diverted via" in name and "<b>" not in name for name in board), board
        screenshot("markup-board.png")

        trams.token_error = "<b>Token</b> service & co are <u>down</u>"
        page = settings_page(app)
        find(page, "push button", "Test Connection: Melbourne trams").doActionNamed("click")
        wait_for("the service's error as typed",
                 lambda: f"The Melbourne tram service reported a problem. {trams.token_error}" in labels(page))
        screenshot("markup-settings.png")
    finally:
        app.close()
        trams.close()



def test_reset_to_defaults_asks_first_and_offers_undo():
    """Display's "Reset to Defaults": a question first (Cancel changes nothing), then the clock and
    appearance back to their defaults, saved, with Undo in a toast putting them back."""
    app = App()
    try:
        page = settings_page(app)
        choose(page, "Clock", 1)  # 12-hour
        wait_for("the clock to be saved", lambda: saved(app)["clock"]["value"] == "12")

        def reset(answer):
            reset = wait_for("Reset Display to Defaults", lambda: find(page, "push button", "Reset Display to Defaults"))
            scroll_into_view(page, reset)
            reset.doActionNamed("click")
            dialog = wait_for("the question", lambda: app.dialog())
            assert "Reset Display?" in labels(dialog), labels(dialog)
            assert "Clock will go back to its default." in labels(dialog), labels(dialog)
            if answer == "Reset":
                screenshot("settings-reset.png")
            find(dialog, "push button", answer).doActionNamed("click")
            wait_for("the question to close", lambda: app.dialog() is None)

        reset("Cancel")
        assert saved(app)["clock"]["value"] == "12", "Cancel changes nothing"
        reset("Reset")
        wait_for("the clock back to its default, saved", lambda: saved(app)["clock"]["value"] == "system")
        undo = wait_for("Undo in a toast", lambda: find(app.window, "push button", "Undo", visible=True))
        assert "Display reset" in labels(app.window)
        undo.doActionNamed("click")
        wait_for("Undo to put the 12-hour clock back", lambda: saved(app)["clock"]["value"] == "12")
        wait_for("the toast to go once undone", lambda: find(app.window, "push button", "Undo", visible=True) is None)
    finally:
        app.close()

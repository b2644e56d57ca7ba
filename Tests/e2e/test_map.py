"""The map of stops on Add Stop (issue 20, first part), in the real window over AT-SPI: it opens on
the favourites with their pins, says "Zoom in to see stops" when zoomed out (and drops the pins),
shows them again zoomed in, a pin opens its panel whose star adds the stop to the favourites, and
"Stops in this area" lists the same stops by their sentences. No tile is fetched: the demo draws
no tiles at all."""
import tempfile

from harness import App, find, find_all, labels, laid_out, screenshot, wait_for
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
        screenshot("map.png")

        zoom_out = find(view, "push button", "Zoom out")
        for _ in range(4):
            zoom_out.doActionNamed("click")
        wait_for("Zoom in to see stops", lambda: "Zoom in to see stops" in labels(view) and not pins(view))
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

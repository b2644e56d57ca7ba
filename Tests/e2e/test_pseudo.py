"""Nothing escapes translation in the window (issue 21): the window in the pseudo-language (every
catalogue message wrapped in ⟦…⟧, Tests/support/pseudo.py), walked view by view as a screen-reader
user would, by the bracketed names. In each view every visible accessible name, description and
text is read over AT-SPI, and an English word outside brackets fails by the rule written in
pseudo.py (the same as the command line's). Every view's escapes are gathered, then reported
together."""
import os
import sys
import tempfile

import pyatspi
from dogtail import rawinput

from harness import App, find, find_all, laid_out, open_row, wait_for
from test_favourites import seed, type_into
from test_window_keeps import pick

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "support"))
import pseudo  # noqa: E402


def P(english):
    """A message as the pseudo-language says it."""
    return f"{pseudo.OPEN}{english}{pseudo.CLOSE}"


def texts(node):
    """Every accessible name, description and text under `node` (itself included) that is not
    hidden: a widget GTK hides reports no VISIBLE state (a stack's other pages do, and are read too).
    An editable field's text is left out: it is what was typed."""
    found = []

    def walk(accessible):
        try:
            if not accessible.getState().contains(pyatspi.STATE_VISIBLE):
                return
            found.extend(text for text in (accessible.name, accessible.description) if text)
            # What a field holds is what was typed (or a setting's value, as typed), not the app's words.
            if accessible.roleName in ("label", "text", "heading", "paragraph") and \
                    not accessible.getState().contains(pyatspi.STATE_EDITABLE):
                try:
                    text = accessible.queryText()
                    found.append(text.getText(0, text.characterCount))
                except NotImplementedError:
                    pass
            for index in range(accessible.childCount):
                walk(accessible.getChildAtIndex(index))
        except Exception:  # a part that went away while being read
            pass

    walk(node)
    return [text for text in dict.fromkeys(found) if text.strip()]


class Escapes:
    """The escapes found so far, view by view."""

    def __init__(self):
        self.found = []

    def look(self, where, node, toolkit_window=False):
        try:
            pseudo.check(texts(node), where, toolkit_window)
        except AssertionError as problem:
            print(f"    {problem}", flush=True)  # said at once, should a later view not be reached
            self.found.append(str(problem))

    def verdict(self):
        assert not self.found, "\n".join(self.found)


def panel(app, name):
    return wait_for(f"the {name} view", lambda: next((node for node in find_all(app.window, "panel")
                                                      if node.name == name and laid_out(node)), None))


def inner_button(node, name):
    """A menu button's own button (the menu button and its inner button share the name)."""
    return wait_for(f"the {name} button", lambda: next(button for button in find_all(node, "push button")
                                                       if button.name == name and "click" in button.actions))


def go_back(app):
    wait_for("Back", lambda: find(app.window, "push button", P("Back"), visible=True)).doActionNamed("click")
    wait_for("Back to go", lambda: find(app.window, "push button", P("Back"), visible=True) is None)


def test_nothing_escapes_translation_in_the_window():
    escapes = Escapes()
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"]), ("490000235S", "Trafalgar Square", "S", ["24"])])
    # Undo offered for 2 minutes, not the usual 8 s, so that its toast stays while the whole
    # window is walked for its words, however slowly a busy machine walks it.
    app = App(home=home, welcome=True, **pseudo.environment(), TRIPBOARD_UNDO_SECONDS="120")
    try:
        # The welcome.
        wait_for("the welcome", lambda: find(app.window, "heading", P("Welcome to Tripboard")))
        escapes.look("the welcome", app.window)
        wait_for("Browse deals", lambda: find(app.window, "push button", P("Browse deals"))).doActionNamed("click")

        # Deals.
        wait_for("the deals", lambda: len(app.rows(P("Deals"))) > 3)
        escapes.look("Deals", app.window)

        # Search: the form, the results, the filters, a departure's details with its trip map.
        app.select(P("Search"))
        form = panel(app, P("Search form and results"))
        escapes.look("the search form", form)
        find(form, "push button", P("Search")).doActionNamed("click")
        first = wait_for("departures", lambda: app.rows(P("Departures")))[0]
        escapes.look("the departures", app.window)
        find(find(app.node, "list", P("Departures")), None, first).click()
        wait_for("the departure's details", lambda: find(app.window, None, P("Departure details"), visible=True))
        wait_for("its facts", lambda: P("Price") in texts(app.window))
        escapes.look("a departure's details", app.window)
        go_back(app)
        inner_button(form, P("Filter")).doActionNamed("click")
        wait_for("the filters", lambda: [box for box in find_all(app.node, "check box") if laid_out(box)])
        escapes.look("the filters", app.node)
        rawinput.pressKey("Escape")
        wait_for("the filters to close", lambda: not [box for box in find_all(app.node, "check box") if laid_out(box)])

        # Favourites: the list, a stop's board, its routes of interest.
        app.select(P("Favourites"))
        wait_for("the favourites' arrivals", lambda: (rows := app.rows(P("Favourite Stops"))) and len(rows) == 2
                 and all("Loading" not in row and ":" in row for row in rows))
        escapes.look("the favourites", app.window)
        open_row(app, P("Favourite Stops"), app.rows(P("Favourite Stops"))[0])
        board = panel(app, P("Stop board"))
        wait_for("the board's arrivals", lambda: app.rows(P("Arrivals")))
        escapes.look("a stop's board", app.window)
        inner_button(board, P("Routes")).doActionNamed("click")
        wait_for("the routes' check boxes", lambda: [box for box in find_all(app.node, "check box") if laid_out(box)])
        escapes.look("the routes of interest", app.node)
        rawinput.pressKey("Escape")
        go_back(app)

        # Add Stop: by name, nearby (no location service here: its message), the map.
        list_view = panel(app, P("Favourites list"))
        find(list_view, "push button", P("Add Stop")).doActionNamed("click")
        add = panel(app, P("Add Stop"))
        entry = wait_for("the Stop name field", lambda: find(add, "text", P("Stop name")))
        escapes.look("Add Stop", add)
        type_into(entry, "Oxford")
        wait_for("stops found", lambda: app.rows(P("Stops found")))
        escapes.look("Add Stop's stops found", add)
        pick(add, P("Search by"), 1)
        wait_for("nearby's state", lambda: len(texts(add)) > 3)
        escapes.look("Add Stop nearby", app.window)
        pick(add, P("Search by"), 2)
        wait_for("the map's pins", lambda: [button for button in find_all(add, "push button") if "Oxford Circus" in button.name])
        escapes.look("Add Stop's map", add)
        go_back(app)

        # A favourite removed: the undo toast.
        list_view = panel(app, P("Favourites list"))
        remove = wait_for("a Remove button", lambda: next(button for button in find_all(list_view, "push button")
                                                          if button.name == P("Remove") and laid_out(button)))
        remove.doActionNamed("click")
        wait_for("the toast's Undo", lambda: find(app.window, "push button", P("Undo"), visible=True))
        escapes.look("the undo toast", app.window)

        # Settings, every group (the page is one scroll: all its groups are in the tree).
        app.select(P("Settings"))
        settings = wait_for("the Settings page", lambda: find(app.window, "scroll pane", P("Settings")))
        wait_for("its groups", lambda: len(texts(settings)) > 20)
        escapes.look("Settings", app.window)

        # The main menu, the keyboard shortcuts and About (with its credits and legal pages).
        def menu():
            return {item.name: item for item in find_all(app.node, "menu item") if laid_out(item)}
        inner_button(app.window, P("Main menu")).doActionNamed("click")
        items = wait_for("the main menu", lambda: len(menu()) >= 3 and menu())
        escapes.look("the main menu", app.node)
        items[P("Keyboard Shortcuts")].doActionNamed("click")
        shortcuts = wait_for("the shortcuts window", lambda: find(app.node, None, P("Keyboard Shortcuts")))
        escapes.look("the keyboard shortcuts", shortcuts)
        rawinput.pressKey("Escape")
        wait_for("the shortcuts window to close", lambda: find(app.node, None, P("Keyboard Shortcuts")) is None)
        inner_button(app.window, P("Main menu")).doActionNamed("click")
        wait_for("About in the menu", lambda: menu().get(P("About Tripboard"))).doActionNamed("click")
        about = wait_for("the About window", lambda: next(frame for frame in find_all(app.node, "frame")
                                                          if frame.name in ("About", P("About"))))
        # Its credits and legal pages are in the tree from the start: read with the main page.
        wait_for("About's version", lambda: any(label.name == "Tripboard" for label in find_all(about, "label")))
        escapes.look("About", about, toolkit_window=True)
    finally:
        app.close()

    # Error states: the deals service refusing (said over the deals the first launch kept), a
    # favourite's arrivals failing as a network fails (the arrivals kept stand in, with the offline
    # notice), a search refused (its dialog). A 4xx, since a 5xx would bring the answers kept.
    app = App(home=home, **pseudo.environment(), TRIPBOARD_DEMO_FAULTS="deals=400,arrivals=503,departures=400")

    def cancel_dialogs(where):
        """Reads each error dialog up (one may follow another: a favourite's failure after the
        deals'), then cancels it."""
        while (dialog := app.dialog()) is not None:
            said = texts(dialog)
            escapes.look(where, dialog)
            # A refusal offers Close, not Retry and Cancel.
            (find(dialog, "push button", P("Cancel")) or find(dialog, "push button", P("Close"))).doActionNamed("click")
            wait_for("the dialog to close", lambda: (now := app.dialog()) is None or texts(now) != said)

    try:
        wait_for("the deals' failure said over the deals kept",
                 lambda: any("Showing what was loaded earlier" in label.name for label in find_all(app.window, "label")))
        escapes.look("Deals failed", app.window)
        app.select(P("Favourites"))
        wait_for("the favourites' failure", lambda: (rows := app.rows(P("Favourite Stops"))) and all(":" in row for row in rows))
        cancel_dialogs("an error dialog")
        escapes.look("favourites failing", app.window)
        app.select(P("Search"))
        form = panel(app, P("Search form and results"))
        find(form, "push button", P("Search")).doActionNamed("click")
        wait_for("the search's error dialog", app.dialog)
        cancel_dialogs("the search's error dialog")
        escapes.look("Search failed", app.window)
    finally:
        app.close()
    escapes.verdict()

"""The welcome, the main menu and About (issue 19), in the real window: a new data folder opens on
the welcome, its choices land where they say, the choice is kept, "Show Welcome" brings it back,
F10 and a click open the main menu, and About names the one version and credits the data."""
import os
import re
import subprocess
import tempfile

import pyatspi
from dogtail import rawinput

from harness import (BIN, ROOT, App, capture_of, extents, find, find_all, header_title, laid_out, mapped_libraries, screenshot,
                     wait_for)
from test_desktop import focused_in, selected, unnamed
from test_favourites import part


def welcome_heading(app):
    """The welcome's heading, when the welcome is on screen (a hidden page's parts stay "visible")."""
    heading = find(app.window, "heading", "Welcome to Tripboard")
    return heading if heading and laid_out(heading) else None


def main_menu_items(app):
    """The main menu's items on screen, by name."""
    return {item.name: item for item in find_all(app.node, "menu item") if laid_out(item)}


def open_main_menu(app, how):
    """Opens the main menu by a click on "Main menu" or by F10, and returns its items."""
    if how == "click":
        # The menu button and its inner button are both named "Main menu": the inner one is pressed.
        next(button for button in find_all(app.window, "push button")
             if button.name == "Main menu" and "click" in button.actions).doActionNamed("click")
    else:
        rawinput.pressKey("F10")
    return wait_for(f"the main menu to open ({how})",
                    lambda: (items := main_menu_items(app)) and {"Show Welcome", "Keyboard Shortcuts", "About Tripboard"} <= set(items) and items)


def test_a_new_data_folder_opens_on_the_welcome_and_search_coaches_lands_in_the_form():
    app = App(welcome=True)
    try:
        wait_for("the welcome's heading", lambda: welcome_heading(app))
        assert not any(laid_out(tab) for tab in find_all(app.node, "page tab")), "the tabs wait until a choice is made"
        for name in ("Search coaches", "Add stops", "Browse deals", "Settings"):
            assert find(app.window, "push button", name, visible=True), f"the welcome offers {name}"
        note = wait_for("the note on the demo", lambda: next(
            (label.name for label in find_all(app.window, "label") if "built-in demo" in label.name), None))
        assert "no network and no keys" in note and "Settings" in note, note
        # The keyboard starts on the first choice, so Enter searches coaches.
        wait_for("the keyboard on Search coaches", lambda: find(app.window, "push button", "Search coaches")
                 .getState().contains(pyatspi.STATE_FOCUSED))
        screenshot("welcome.png")
        assert not unnamed(app.window), f"controls without a name of their own: {unnamed(app.window)}"

        app.welcome_choice("Search coaches").doActionNamed("click")
        wait_for("Search to be shown", lambda: selected(app, "Search"))
        view = find(app.window, "panel", "Search form and results")
        wait_for("the From field to have the keyboard focus",
                 lambda: (focused := focused_in(view)) is not None and "From" in (focused.name, focused.parent.name))
        assert welcome_heading(app) is None
    finally:
        app.process.send_signal(15)  # SIGTERM: the choice was saved when made, not at closing
        app.process.wait(timeout=10)

    again = App(home=app.home, welcome=True)
    try:
        wait_for("the window to open as it was left, on Search", lambda: selected(again, "Search"))
        assert welcome_heading(again) is None, "the welcome shows once"

        items = open_main_menu(again, "click")
        assert not [line for line in unnamed(again.node) if "menu item" in line], unnamed(again.node)
        items["Show Welcome"].doActionNamed("click")
        wait_for("Show Welcome to bring it back", lambda: welcome_heading(again))
        again.welcome_choice("Add stops").doActionNamed("click")
        wait_for("Add stops to open Add Stop on Favourites", lambda: selected(again, "Favourites") and header_title(again)[:1] == ["Add Stop"])
        wait_for("the keyboard in the Stop name field",
                 lambda: find(part(again, "Add Stop"), "text", "Stop name").getState().contains(pyatspi.STATE_FOCUSED))
    finally:
        again.close()


def test_the_welcome_draws_the_apps_icon_without_loading_librsvg():
    """The welcome's 128 px icon is drawn from its PNG of that size (scripts/make-icons.sh), which
    gdk-pixbuf reads itself: drawing the SVG would load librsvg and the libraries it brings (6 MiB)."""
    app = App(welcome=True)
    try:
        wait_for("the welcome's heading", lambda: welcome_heading(app))
        icon = wait_for("the app's icon", lambda: (image := find(app.window, "image", "Tripboard")) and laid_out(image) and image)
        # Drawn: a flat area would have a colour or two; the icon has its shades.
        colours = lambda: int(subprocess.run(["identify", "-format", "%k", capture_of(icon, app.window)],  # noqa: E731
                                             capture_output=True, text=True, check=True).stdout)
        wait_for("the icon drawn", lambda: colours() > 16)
        loaded = mapped_libraries(app)
        assert not any(name.startswith("librsvg") for name in loaded), sorted(loaded)
    finally:
        app.close()


def test_the_welcome_browses_deals_and_opens_settings_and_tab_skips_it():
    app = App(welcome=True)
    try:
        wait_for("the welcome", lambda: welcome_heading(app))
        app.welcome_choice("Browse deals").doActionNamed("click")
        wait_for("Deals to be shown", lambda: selected(app, "Deals") and app.deal_rows())
        items = open_main_menu(app, "F10")
        items["Show Welcome"].doActionNamed("click")
        wait_for("the welcome again", lambda: welcome_heading(app))
        app.welcome_choice("Settings").doActionNamed("click")
        wait_for("Settings to be shown", lambda: selected(app, "Settings"))
    finally:
        app.close()

    named = App(welcome=True, args=["--tab", "favourites"])
    try:
        wait_for("--tab to open Favourites", lambda: selected(named, "Favourites"))
        assert welcome_heading(named) is None, "--tab skips the welcome"
    finally:
        named.close()


def test_about_names_the_one_version_and_credits_the_data():
    version = subprocess.run([BIN, "--version"], capture_output=True, text=True, check=True).stdout.split()[1]
    metainfo = os.path.join(tempfile.mkdtemp(prefix="tripboard-metainfo-"), "metainfo.xml")
    subprocess.run([os.path.join(ROOT, "scripts/write-metainfo.sh"), BIN, metainfo], check=True)
    newest = re.findall(r'<release version="([^"]+)"', open(metainfo).read())[0]
    assert newest == version, f"the metainfo's newest release is {newest}, the binary says {version}"

    app = App()
    try:
        open_main_menu(app, "click")["About Tripboard"].doActionNamed("click")
        about = wait_for("the About window", lambda: find(app.node, "frame", "About"))
        wait_for(f"About to name version {version}",
                 lambda: any(label.name == version and laid_out(label) for label in find_all(about, "label")))
        screenshot("about.png")

        # Credits, with a click on its row (GTK 4.8 gives a list row no accessible action).
        credits = wait_for("the Credits row", lambda: next(
            item for item in find_all(about, "list item") if item.name == "Credits" and laid_out(item)))
        x, y, width, height = extents(credits)  # the About window is at the display's origin
        rawinput.click(x + width // 2, y + height // 2)
        shown = wait_for("the credits on screen", lambda: (names := [label.name for label in find_all(about, "label") if laid_out(label)])
                         and "Busbud" in names and names)
        for credit in ("Busbud", "Powered by TfL Open Data", "Yarra Trams / TramTracker"):
            assert credit in shown, f"the credits name {credit}: {shown}"
        screenshot("about-credits.png")
        # Its buttons are named (Back, the version); libadwaita 1.2 leaves its own lists and text
        # views named after their types, which no wrapper of ours reaches.
        buttons = [line for line in unnamed(about) if line.startswith("push button")]
        assert not buttons, f"buttons without a name of their own in About: {buttons}"
    finally:
        app.close()

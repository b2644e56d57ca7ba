"""The window in French (LANGUAGE=fr, LANG=fr_FR.UTF-8), driven over AT-SPI by its French names, as
a French screen-reader user would: the welcome, the four tabs, a search and a departure's
details, a favourite's board, and Settings. Screenshots of each, to look at for clipped text."""
import tempfile

from dogtail import rawinput

from harness import App, find, find_all, labels, laid_out, screenshot, wait_for
from test_favourites import seed
from test_settings import choose, row_saying, saved, settings_page, shown_choice
from test_favourites import part
from test_search import open_filter
from test_welcome import main_menu_items
from test_window_keeps import pick

FRENCH = {"LANGUAGE": "fr", "LANG": "fr_FR.UTF-8"}


def panel(app, name):
    return wait_for(f"the {name} view", lambda: next((node for node in find_all(app.window, "panel")
                                                      if node.name == name and laid_out(node)), None))


def test_the_window_speaks_french():
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
    app = App(home=home, welcome=True, **FRENCH)
    try:
        # The welcome (a folder with a favourite but no tab saved opens on it): in French.
        wait_for("the welcome in French", lambda: find(app.window, "heading", "Bienvenue dans Tripboard"))
        screenshot("fr-welcome.png")
        wait_for("Parcourir les offres", lambda: find(app.window, "push button", "Parcourir les offres")).doActionNamed("click")

        # The four tabs by their French names.
        for name in ("Offres", "Rechercher", "Favoris", "Paramètres"):
            app.tab(name)
        wait_for("the deals", lambda: len(app.rows("Offres")) > 3)
        screenshot("fr-deals.png")

        app.select("Rechercher")
        form = panel(app, "Formulaire de recherche et résultats")
        find(form, "push button", "Rechercher").doActionNamed("click")
        first = wait_for("departures", lambda: app.rows("Départs"))[0]
        assert first.startswith("Départ à "), f"a departure is read in French: {first}"
        screenshot("fr-search.png")
        find(find(app.node, "list", "Départs"), None, first).click()
        details = wait_for("the departure's details", lambda: find(app.window, None, "Détails du départ", visible=True))
        wait_for("its facts in French", lambda: "Prix" in labels(details) and "Arrêts" in labels(details))
        screenshot("fr-details.png")
        find(app.window, "push button", "Retour", visible=True).doActionNamed("click")

        app.select("Favoris")
        stops = wait_for("the favourite", lambda: app.rows("Arrêts favoris"))
        assert stops[0].startswith("Oxford Circus Station"), stops
        screenshot("fr-favourites.png")
        # The row's name goes on to say its arrivals, which change as they load and as minutes pass:
        # it is found by the stop's name it starts with.
        wait_for("the favourite's row", lambda: find(app.node, "list", "Arrêts favoris").findChild(
            lambda node: node.name.startswith("Oxford Circus Station"), retry=False, requireResult=False)).click()
        board = panel(app, "Tableau de l’arrêt")
        wait_for("the board's arrivals", lambda: app.rows("Passages"))
        screenshot("fr-board.png")
        find(app.window, "push button", "Retour", visible=True).doActionNamed("click")

        app.select("Paramètres")
        settings = wait_for("the Settings page", lambda: find(app.window, "scroll pane", "Paramètres"))
        wait_for("its groups in French", lambda: "Bus de Londres" in labels(settings) or "Bus De Londres" in labels(settings))
        screenshot("fr-settings.png")
    finally:
        app.close()


def test_the_language_chosen_in_settings_speaks_from_the_next_start():
    """Français chosen in Settings on an English desktop: the row says it takes effect at the next
    start; the next start speaks French, and the Search form asks Busbud for French names."""
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    english = {"LANGUAGE": None, "LANG": "en_GB.UTF-8"}
    app = App(home=home, **english)
    try:
        page = settings_page(app)
        assert shown_choice(page, "Language") == ["Follow the system"]
        texts, _ = row_saying(page, "Language")
        assert "Takes effect the next time Tripboard starts" in texts, texts
        choose(page, "Language", 2)
        wait_for("French saved", lambda: saved(app).get("language", {}).get("value") == "fr")
        # This run goes on in English, as the row said.
        assert find(app.window, "page tab", "Deals") is not None
        app.select("Search")
        assert shown_choice(app.window, "Language") == ["English"]
    finally:
        app.close()

    again = App(home=home, **english)
    try:
        for name in ("Offres", "Rechercher", "Favoris", "Paramètres"):
            again.tab(name)
        again.select("Rechercher")
        wait_for("the form asks for French names", lambda: shown_choice(again.window, "Langue") == ["Français"])
        page = settings_page_in_french(again)
        assert shown_choice(page, "Langue") == ["Français"]
        choose(page, "Langue", 0)  # back to the desktop's language, from the start after
        wait_for("the choice forgotten", lambda: saved(again).get("language", {}).get("value") == "system")
    finally:
        again.close()


def settings_page_in_french(app):
    app.select("Paramètres")
    return wait_for("the Settings page", lambda: find(app.window, "scroll pane", "Paramètres"))


def test_every_tab_and_dialog_in_french_light_and_dark():
    """Screenshots of each tab and dialog in French, light then dark (fr-light-*.png,
    fr-dark-*.png), to look at for clipped or overflowing words; each view is waited for by its
    French name, so a view that is not there fails here."""
    for scheme in ("light", "dark"):
        home = tempfile.mkdtemp(prefix="tripboard-e2e-")
        seed(home, [("490000173OC", "Oxford Circus Station", "OC", ["12"])])
        colours = {"ADW_DEBUG_COLOR_SCHEME": "prefer-dark"} if scheme == "dark" else {}
        app = App(home=home, welcome=True, TRIPBOARD_NOW="2026-11-23T08:30:00Z", **FRENCH, **colours)

        def shot(name):
            screenshot(f"fr-{scheme}-{name}.png")
        try:
            wait_for("the welcome", lambda: find(app.window, "push button", "Parcourir les offres")).doActionNamed("click")
            wait_for("the deals", lambda: len(app.rows("Offres")) > 3)
            shot("deals")

            app.select("Rechercher")
            form = panel(app, "Formulaire de recherche et résultats")
            shot("search-form")
            find(form, "push button", "Rechercher").doActionNamed("click")
            first = wait_for("departures", lambda: app.rows("Départs"))[0]
            open_filter(form, "Filtrer")
            wait_for("the filter popover", lambda: any(check.name.startswith("Greyhound (")
                                                       for check in find_all(app.node, "check box")))
            shot("search-filters")
            rawinput.pressKey("Escape")
            find(find(app.node, "list", "Départs"), None, first).click()
            wait_for("the departure's details", lambda: find(app.window, None, "Détails du départ", visible=True))
            shot("details")
            find(app.window, "push button", "Retour", visible=True).doActionNamed("click")

            app.select("Favoris")
            stops = wait_for("the favourite", lambda: app.rows("Arrêts favoris"))
            shot("favourites")
            find(find(app.node, "list", "Arrêts favoris"), None, stops[0]).click()
            board = panel(app, "Tableau de l’arrêt")
            wait_for("the board's arrivals", lambda: app.rows("Passages"))
            next(routes for routes in find_all(board, "push button")
                 if routes.name == "Lignes" and "click" in routes.actions).doActionNamed("click")
            wait_for("the routes of interest", lambda: find(app.node, "check box", "Ligne 12"))
            shot("routes")
            rawinput.pressKey("Escape")
            find(app.window, "push button", "Retour", visible=True).doActionNamed("click")
            wait_for("Ajouter un arrêt", lambda: find(part(app, "Liste des favoris"), "push button", "Ajouter un arrêt",
                                                      visible=True)).doActionNamed("click")
            add = part(app, "Ajouter un arrêt")
            wait_for("the stop name field", lambda: find(add, "text", "Nom de l’arrêt"))
            shot("add-stop")
            pick(add, "Rechercher par", 1)
            shot("add-stop-near")
            pick(add, "Rechercher par", 2)
            wait_for("the stops in this area", lambda: app.rows("Arrêts dans cette zone"))
            shot("add-stop-map")
            find(app.window, "push button", "Retour", visible=True).doActionNamed("click")

            app.select("Paramètres")
            wait_for("the Settings page", lambda: find(app.window, "scroll pane", "Paramètres"))
            shot("settings")

            rawinput.pressKey("F1")
            wait_for("the shortcuts window", lambda: find(app.node, None, "Raccourcis clavier"))
            shot("shortcuts")
            rawinput.pressKey("Escape")
            wait_for("the shortcuts window closed", lambda: find(app.node, None, "Raccourcis clavier") is None)
            rawinput.pressKey("F10")
            wait_for("the main menu", lambda: "À propos de Tripboard" in main_menu_items(app))
            main_menu_items(app)["À propos de Tripboard"].doActionNamed("click")
            # libadwaita names the About window in its own French catalogue.
            wait_for("the About window", lambda: next((frame for frame in find_all(app.node, "frame")
                                                       if frame.name.startswith("À propos")), None))
            shot("about")
        finally:
            app.close()

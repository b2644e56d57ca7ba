"""The window in French (LANGUAGE=fr, LANG=fr_FR.UTF-8), driven over AT-SPI by its French names, as
a French screen-reader user would: the welcome, the four tabs, a search and a departure's
details, a favourite's board, and Settings. Screenshots of each, to look at for clipped text."""
import tempfile

from harness import App, find, find_all, labels, laid_out, screenshot, wait_for
from test_favourites import seed

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

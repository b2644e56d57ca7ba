"""Alerts (issue 22) in the real window: "Notify me" on a board's arrival sets an alert, the
desktop's notification service (a python3-dbusmock notification daemon on the session bus) is
told when it is time to go, the Favourites tab lists the alert with "Cancel alert"; with no
notification service, the alert's row says it instead; Ctrl+Q asks first while one is followed,
and closing the window keeps the app running for it."""
import os
import subprocess
import tempfile
import time

import pyatspi
from dogtail import rawinput
from gi.repository import Gio, GLib

from harness import BIN, App, environment, find, find_all, labels, laid_out, open_row, screenshot, wait_for
from test_favourites import part, seed

NOW = {"TRIPBOARD_NOW": "2026-11-23T08:30:00Z"}
OXFORD_CIRCUS = [("490000173OC", "Oxford Circus Station", "OC", ["12"])]


class NotificationDaemon:
    """A desktop notification service on this test run's session bus, recording each Notify."""

    def __init__(self):
        self.mock = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--template", "notification_daemon"],
                                     stdout=subprocess.DEVNULL)
        wait_for("the notification daemon on the bus", lambda: self.mock.poll() is None and self._owned())

    def _call(self, method, parameters, reply):
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        return bus.call_sync(*method, parameters, reply, Gio.DBusCallFlags.NONE, 5000, None).unpack()

    def _owned(self):
        return self._call(("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner"),
                          GLib.Variant("(s)", ("org.freedesktop.Notifications",)), GLib.VariantType("(b)"))[0]

    def notified(self):
        """Each notification shown so far, as (summary, body, actions)."""
        calls = self._call(("org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.DBus.Mock",
                            "GetMethodCalls"), GLib.Variant("(s)", ("Notify",)), None)[0]
        return [(args[3], args[4], args[5]) for _, args in calls]

    def invoke(self, notification_id, action="default"):
        """The person clicks the notification (or one of its buttons)."""
        self._call(("org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.DBus.Mock", "EmitSignal"),
                   GLib.Variant("(sssav)", ("org.freedesktop.Notifications", "ActionInvoked", "us",
                                            [GLib.Variant("u", notification_id), GLib.Variant("s", action)])), None)

    def close(self):
        self.mock.terminate()
        self.mock.wait(timeout=10)


def launch_with_a_favourite(**env):
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, OXFORD_CIRCUS)
    return App(home=home, **NOW, **env)


def open_board(app):
    app.select("Favourites")
    open_row(app, "Favourite Stops", wait_for("the favourite", lambda: app.rows("Favourite Stops"))[0])
    wait_for("the board's arrivals", lambda: app.rows("Arrivals"))


def notify_me(app, minutes, last=False, words=("Notify me: ", "Minutes before", "Set alert", "Stop board"), shot=None):
    """"Notify me" on the board's first arrival (or its last), `minutes` before it; returns the button's name."""
    prefix, spin_name, set_name, board = words
    button = wait_for("a Notify me button", lambda: ([
        b for b in find_all(part(app, board), "push button")
        if b.name.startswith(prefix) and "click" in b.actions and laid_out(b)] or [None])[-1 if last else 0])
    name = button.name
    button.doActionNamed("click")
    spin = wait_for(spin_name, lambda: find(app.node, "spin button", spin_name, visible=True))
    assert spin.queryValue().currentValue == 5, "the popover starts from the setting"
    spin.queryValue().currentValue = minutes
    if shot:
        screenshot(shot)
    wait_for(set_name, lambda: find(app.node, "push button", set_name, visible=True)).doActionNamed("click")
    return name


def alerts_section(app):
    return wait_for("the Alerts section", lambda: next((node for node in find_all(part(app, "Favourites list"), "panel")
                                                        if node.name == "Alerts" and laid_out(node)), None))


def test_an_alert_set_on_a_board_notifies_when_it_is_time_and_is_listed_until_cancelled():
    daemon = NotificationDaemon()
    app = launch_with_a_favourite()
    try:
        open_board(app)
        name = notify_me(app, 30, shot="alert-popover.png")  # every arrival is within 30 minutes: it fires at once
        route_to = name.removeprefix("Notify me: ")
        sent = wait_for("the notification", lambda: [n for n in daemon.notified() if n[0] == "Time to go"], timeout=30)
        summary, body, actions = sent[0]
        assert body.startswith(f"Route {route_to} is ") and body.endswith(" — Oxford Circus Station (Stop OC)"), body
        assert "Open board" in actions and "default" in actions, actions
        screenshot("alert-board.png")

        find(app.window, "push button", "Back", visible=True).doActionNamed("click")
        section = alerts_section(app)
        wait_for("the alert's row says what the notification said", lambda: body in labels(section))
        screenshot("alerts.png")

        # A click on the notification opens the stop's board.
        daemon.invoke(1)
        wait_for("the board opened by the notification",
                 lambda: any(b.name.startswith("Notify me: ") and laid_out(b) for b in find_all(part(app, "Stop board"), "push button")))
        find(app.window, "push button", "Back", visible=True).doActionNamed("click")
        section = alerts_section(app)
        find(section, "push button", "Cancel alert").doActionNamed("click")
        wait_for("the section gone", lambda: not any(node.name == "Alerts" and laid_out(node)
                                                      for node in find_all(part(app, "Favourites list"), "panel")))
    finally:
        app.close()
        daemon.close()


def test_a_notification_reads_in_french():
    daemon = NotificationDaemon()
    app = launch_with_a_favourite(welcome=True, LANGUAGE="fr", LANG="fr_FR.UTF-8")
    try:
        wait_for("the welcome", lambda: find(app.window, "push button", "Parcourir les offres")).doActionNamed("click")
        app.select("Favoris")
        row = wait_for("the favourite", lambda: app.rows("Arrêts favoris"))[0]
        find(find(app.node, "list", "Arrêts favoris"), None, row).click()
        wait_for("the board's arrivals", lambda: app.rows("Passages"))
        name = notify_me(app, 30, words=("Me prévenir\u00a0: ", "Minutes avant", "Créer l’alerte", "Tableau de l’arrêt"))
        route_to = name.removeprefix("Me prévenir\u00a0: ")
        sent = wait_for("the notification", lambda: [n for n in daemon.notified() if n[0] == "C’est l’heure de partir"], timeout=30)
        assert sent[0][1].startswith(f"La ligne {route_to.split(' vers ')[0]}"), sent[0][1]
        assert "Oxford Circus Station (arrêt OC)" in sent[0][1], sent[0][1]
        assert "Ouvrir le tableau" in sent[0][2], sent[0][2]
    finally:
        app.close()
        daemon.close()


def test_without_a_notification_service_the_alert_says_it_in_its_row():
    app = launch_with_a_favourite()
    try:
        open_board(app)
        route_to = notify_me(app, 30).removeprefix("Notify me: ")
        find(app.window, "push button", "Back", visible=True).doActionNamed("click")
        section = alerts_section(app)
        wait_for("the row says it is time", lambda: any(text.startswith(f"Route {route_to} is ") and
                                                       text.endswith("— Oxford Circus Station (Stop OC)")
                                                       for text in labels(section)))

        # A favourite's "Notify me" offers its routes: route 12's next arrival, followed.
        next(b for b in find_all(part(app, "Favourites list"), "push button")
             if b.name == "Notify me: Oxford Circus Station (Stop OC)" and "click" in b.actions).doActionNamed("click")
        wait_for("Route 12", lambda: find(app.node, "push button", "Route 12", visible=True)).doActionNamed("click")
        wait_for("two alerts listed", lambda: [b.name for b in find_all(section, "push button")].count("Cancel alert") == 2)
    finally:
        app.close()


def test_quit_asks_first_and_closing_the_window_keeps_an_alert_running():
    daemon = NotificationDaemon()
    app = launch_with_a_favourite()
    try:
        open_board(app)
        notify_me(app, 1, last=True)  # under a pinned clock, the last arrival never comes within a minute: followed on
        find(app.window, "push button", "Back", visible=True).doActionNamed("click")
        alerts_section(app)

        rawinput.keyCombo("<Control>q")
        dialog = wait_for("the question", lambda: find(app.node, None, "Quit Tripboard?"))
        screenshot("alert-quit.png")
        wait_for("Cancel", lambda: find(app.node, "push button", "Cancel", visible=True)).doActionNamed("click")
        wait_for("the question gone", lambda: find(app.node, None, "Quit Tripboard?") is None)
        assert app.process.poll() is None

        # The window's own close button: the window goes, the app stays, and says so once.
        next(button for button in find_all(app.window, "push button") if button.name == "Close").doActionNamed("click")
        wait_for("the notice that it keeps running",
                 lambda: any(summary == "Still following your alerts" for summary, _, _ in daemon.notified()))
        assert app.process.poll() is None, "the app runs on for its alert"
        assert not any(summary == "Time to go" for summary, _, _ in daemon.notified()), "an alert far from due says nothing"

        # Launched again, the same window comes back, its alert listed; cancelled, the app ends with the window.
        subprocess.run([BIN, "--tab", "favourites"], env=environment(TRIPBOARD_DATA_DIR=os.path.join(app.home, "data"), **NOW),
                       check=True, timeout=60)
        app.window = wait_for("the window back", lambda: next((frame for frame in find_all(app.node, "frame")
                                                               if frame.name == "Tripboard" and laid_out(frame)), None))
        screenshot("alert-window-back.png")
        section = alerts_section(app)
        find(section, "push button", "Cancel alert").doActionNamed("click")
        wait_for("the section gone", lambda: not any(node.name == "Alerts" and laid_out(node)
                                                      for node in find_all(part(app, "Favourites list"), "panel")))
        rawinput.keyCombo("<Control>q")
        wait_for("the app to end without asking", lambda: app.process.poll() is not None)
    finally:
        app.close()
        daemon.close()

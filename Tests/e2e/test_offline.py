"""Offline (issue 23) in the real window: launched online, quit, then relaunched while the
services' address refuses connections, Deals, Search and Favourites show what they kept, with the
offline notice and its age; once the service is back, Retry brings fresh data and the notice
goes. A stop whose kept arrivals are over 30 minutes old says it has no recent data."""
import os
import re
import socket
import subprocess
import tempfile

import pyatspi
from gi.repository import Gio, GLib

from harness import BIN, App, environment, find, find_all, labels, screenshot, wait_for
from test_favourites import favourite_rows, seed

OXFORD_CIRCUS = [("490000173OC", "Oxford Circus Station", "OC", ["12"])]
# The notice, and after it what it adds (kept arrivals whose time has passed meanwhile).
OFFLINE = re.compile(r"Offline — showing (deals|departures|arrivals) from \d\d:\d\d \((just now|\d+ min ago)\)( · .*)?")


class ServiceOnPort:
    """`tripboard serve-demo` on one port of 127.0.0.1 that stays the same when it is stopped and
    started again, as a service that goes away and comes back."""

    def __init__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen([BIN, "serve-demo", "--port", str(self.port)], stdout=subprocess.PIPE, text=True,
                                        env=environment())
        line = self.process.stdout.readline()
        assert "listening on http://127.0.0.1:" in line, f"serve-demo said: {line!r}"

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        wait_for("the service's address to refuse connections", self._refuses)

    def _refuses(self):
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            return False
        except OSError:
            return True

    def environment(self):
        """Every service at this address, as live services are set."""
        return {"TRIPBOARD_DEALS_URL": f"{self.base}/deals/search",
                "TRIPBOARD_DEALS_IMAGE_URL": f"{self.base}/deals/images/{{type}}/{{id}}?width={{width}}&height={{height}}",
                "TRIPBOARD_BUSBUD_URL": self.base, "TRIPBOARD_TFL_URL": self.base,
                "TRIPBOARD_TRAMTRACKER_URL": f"{self.base}/TramTracker/RestService"}


class NetworkPortal:
    """The desktop portal's network monitor on this test run's session bus (python3-dbusmock), which
    GIO's monitor follows under GTK_USE_PORTAL=1: it says whether the network is there, and tells
    when that changes."""

    NAME, PATH, INTERFACE = "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.portal.NetworkMonitor"
    ENVIRONMENT = {"GTK_USE_PORTAL": "1", "GIO_USE_NETWORK_MONITOR": "portal"}

    def __init__(self, available):
        self.mock = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--session", self.NAME, self.PATH, self.INTERFACE],
                                     stdout=subprocess.DEVNULL)
        wait_for("the portal on the bus", lambda: self.mock.poll() is None and self._owned())
        self._mock("AddProperty", "(ssv)", (self.INTERFACE, "version", GLib.Variant("u", 3)))
        for method, out, code in [("GetAvailable", "b", "ret = self.available"), ("GetMetered", "b", "ret = False"),
                                  ("GetConnectivity", "u", "ret = dbus.UInt32(4 if self.available else 1)"),
                                  ("GetStatus", "a{sv}", "ret = {'available': dbus.Boolean(self.available, variant_level=1), "
                                                         "'metered': dbus.Boolean(False, variant_level=1), "
                                                         "'connectivity': dbus.UInt32(4 if self.available else 1, variant_level=1)}")]:
            self._mock("AddMethod", "(sssss)", (self.INTERFACE, method, "", out, code))
        self.set(available)

    def _bus(self):
        return Gio.bus_get_sync(Gio.BusType.SESSION, None)

    def _owned(self):
        return self._bus().call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                                     GLib.Variant("(s)", (self.NAME,)), GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, 5000, None)[0]

    def _mock(self, method, signature, arguments):
        self._bus().call_sync(self.NAME, self.PATH, "org.freedesktop.DBus.Mock", method, GLib.Variant(signature, arguments),
                              None, Gio.DBusCallFlags.NONE, 5000, None)

    def set(self, available):
        """The network is there or not, from now on; the portal says it changed."""
        self._mock("AddMethod", "(sssss)", ("org.freedesktop.DBus.Mock", "SetAvailable", "", "",
                                             f"self.available = {available}"))
        self._bus().call_sync(self.NAME, self.PATH, "org.freedesktop.DBus.Mock", "SetAvailable", None, None,
                              Gio.DBusCallFlags.NONE, 5000, None)
        self._mock("EmitSignal", "(sssav)", (self.INTERFACE, "changed", "", []))

    def close(self):
        self.mock.terminate()
        self.mock.wait(timeout=10)


def offline_notice(app, kind):
    """The offline notice above `kind` ("deals", "arrivals"), when one says it. Each tab has its own,
    and a hidden tab's stays in the tree, so each is told apart by what it says."""
    return next((label for label in find_all(app.window, "label")
                 if OFFLINE.fullmatch(label.name or "") and label.name.startswith(f"Offline — showing {kind} from")
                 and label.getState().contains(pyatspi.STATE_VISIBLE)), None)


def retry_beside(notice):
    """The Retry button of the bar `notice` is in."""
    return find(notice.parent.parent, "push button", "Retry")


def search(app):
    """Runs the form's search as it stands, and gives the departures' rows once it is complete."""
    app.select("Search")
    wait_for("the form's Search button", lambda: find(app.window, "push button", "Search")).doActionNamed("click")
    wait_for("the search to complete", lambda: any(re.fullmatch(r"\d+ departures?", name or "") for name in labels(app.window)))
    return app.rows("Departures")


def test_kept_answers_shown_offline_and_retry_brings_fresh_ones():
    service = ServiceOnPort()
    home = None
    try:
        home = tempfile.mkdtemp(prefix="tripboard-e2e-")
        seed(home, OXFORD_CIRCUS)
        app = App(home=home, **service.environment())
        try:
            online = wait_for("deals online", lambda: app.deal_rows() if len(app.deal_rows()) >= 3 else None)
            assert offline_notice(app, "deals") is None
            app.select("Favourites")
            wait_for("route 12's arrival online", lambda: next((row for row in favourite_rows(app)
                                                                 if "route 12 in" in row or "route 12 due" in row), None))
            departures = search(app)
        finally:
            app.close()

        service.stop()
        app = App(home=home, **service.environment())
        try:
            wait_for("deals kept from the first run", lambda: app.deal_rows()[:3] == online[:3])
            deals_notice = wait_for("the offline notice on Deals", lambda: offline_notice(app, "deals"))
            screenshot("offline-deals.png")
            app.select("Favourites")
            row = wait_for("the favourite's kept arrivals", lambda: next(
                (row for row in favourite_rows(app) if "estimated" in row and "Offline — showing arrivals from" in row), None))
            assert "route 12" in row, row
            arrivals_notice = wait_for("the offline notice on Favourites", lambda: offline_notice(app, "arrivals"))
            screenshot("offline-favourites.png")
            app.select("Search")
            find(app.window, "push button", "Search").doActionNamed("click")
            wait_for("the offline notice on Search", lambda: offline_notice(app, "departures"))
            assert app.rows("Departures") == departures, app.rows("Departures")
            screenshot("offline-search.png")
            app.select("Favourites")

            service.start()
            retry_beside(arrivals_notice).doActionNamed("click")
            wait_for("fresh arrivals, with no notice", lambda: offline_notice(app, "arrivals") is None and any(
                "estimated" not in row and "route 12" in row for row in favourite_rows(app)))
            app.select("Deals")
            retry_beside(deals_notice).doActionNamed("click")
            wait_for("fresh deals, with no notice",
                     lambda: offline_notice(app, "deals") is None and app.deal_rows()[:3] == online[:3])
        finally:
            app.close()
    finally:
        if service.process.poll() is None:
            service.stop()


def test_a_stop_kept_over_30_minutes_says_it_has_no_recent_data():
    service = ServiceOnPort()
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    seed(home, OXFORD_CIRCUS)
    env = environment(TRIPBOARD_DATA_DIR=os.path.join(home, "data"), TRIPBOARD_CACHE_DIR=os.path.join(home, "cache"),
                      **service.environment())
    # The arrivals are kept at 08:30 (by the app's pinned clock) ...
    subprocess.run([BIN, "favourites", "--now", "2026-11-23T08:30:00Z"], env=env, check=True, capture_output=True)
    service.stop()
    # ... and the window opens offline at 09:01.
    app = App(home=home, TRIPBOARD_NOW="2026-11-23T09:01:00Z", **service.environment())
    try:
        # Nothing was kept of the deals: they say they cannot be reached, as before.
        dialog = wait_for("the deals' failure", app.dialog)
        find(dialog, "push button", "Cancel").doActionNamed("click")
        app.select("Favourites")
        row = wait_for("the stop's row saying it has no recent data", lambda: next(
            (row for row in favourite_rows(app) if "No recent data since 08:30" in row), None))
        assert "route 12 in" not in row and "estimated" not in row, row
        wait_for("the notice above the list saying it too", lambda: any(
            label.name == "No recent data since 08:30" and label.getState().contains(pyatspi.STATE_VISIBLE)
            for label in find_all(app.window, "label")))
        screenshot("offline-no-recent-data.png")
    finally:
        app.close()


def test_the_network_coming_back_refreshes_the_tab_on_screen():
    service = ServiceOnPort()
    home = tempfile.mkdtemp(prefix="tripboard-e2e-")
    app = App(home=home, **service.environment())
    try:
        online = wait_for("deals online", lambda: app.deal_rows() if len(app.deal_rows()) >= 3 else None)
    finally:
        app.close()
    service.stop()
    portal = NetworkPortal(available=False)
    try:
        app = App(home=home, **service.environment(), **NetworkPortal.ENVIRONMENT)
        try:
            wait_for("the offline notice on Deals", lambda: offline_notice(app, "deals"))
            service.start()
            # No click: the network monitor's word alone brings the fresh deals.
            portal.set(available=True)
            wait_for("fresh deals, with no notice",
                     lambda: offline_notice(app, "deals") is None and app.deal_rows()[:3] == online[:3])
        finally:
            app.close()
    finally:
        portal.close()
        if service.process.poll() is None:
            service.stop()

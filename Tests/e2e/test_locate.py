"""The map's "Locate me" (issue 20) in the real window over AT-SPI, with GeoClue faked on a private
system bus of the test's own (never the machine's): a fix moves the map, so "Stops in this area"
lists the stops round it; a refusal and a bus without GeoClue are said in plain words, and pressing
again asks again. The fake is Tests/support/geoclue2.py on python3-dbusmock."""
import json
import os
import shutil
import subprocess
import tempfile

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

from harness import App, ROOT, back, find, labels, screenshot, wait_for  # noqa: E402
from test_map import open_map  # noqa: E402
from test_window_keeps import sensitive  # noqa: E402

TEMPLATE = os.path.join(ROOT, "Tests", "support", "geoclue2.py")
CLIENT = "/org/freedesktop/GeoClue2/Client/1"
APP_ID = "io.github.tripboard.Tripboard"
KINGS_CROSS = {"latitude": 51.5308, "longitude": -0.1238}


class PrivateSystemBus:
    """A dbus-daemon configured as a system bus in a folder of its own, optionally with the fake
    GeoClue in `mode` on it; `close` ends what it started, by PID."""

    def __init__(self, mode=None, **parameters):
        self.folder = tempfile.mkdtemp(prefix="tripboard-bus-")
        config = os.path.join(self.folder, "system.conf")
        with open(config, "w") as file:
            file.write('<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" '
                       '"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">'
                       f"<busconfig><type>system</type><listen>unix:tmpdir={self.folder}</listen>"
                       '<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>'
                       '<allow own="*"/></policy></busconfig>')
        self.daemon = subprocess.Popen(["dbus-daemon", f"--config-file={config}", "--nofork", "--print-address=1"],
                                       stdout=subprocess.PIPE, text=True)
        self.address = self.daemon.stdout.readline().strip()
        assert self.address, "dbus-daemon printed no address"
        self.mock = None
        if mode:
            self.mock = subprocess.Popen(["/usr/bin/python3", "-m", "dbusmock", "--template", TEMPLATE,
                                          "-p", json.dumps({"mode": mode, **parameters})],
                                         env={**os.environ, "DBUS_SYSTEM_BUS_ADDRESS": self.address},
                                         stdout=subprocess.DEVNULL)  # its log of every call
            wait_for("the fake GeoClue on the bus", lambda: self.mock.poll() is None and self.has_geoclue())

    def _connection(self):
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        return Gio.DBusConnection.new_for_address_sync(self.address, flags, None, None)

    def has_geoclue(self):
        connection = self._connection()
        try:
            return connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                        "NameHasOwner", GLib.Variant("(s)", ("org.freedesktop.GeoClue2",)),
                                        GLib.VariantType("(b)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
        finally:
            connection.close_sync(None)

    def client_property(self, name):
        """A property of the fake's client object (it stays after the app lets it go)."""
        connection = self._connection()
        try:
            return connection.call_sync("org.freedesktop.GeoClue2", CLIENT, "org.freedesktop.DBus.Properties", "Get",
                                        GLib.Variant("(ss)", ("org.freedesktop.GeoClue2.Client", name)),
                                        GLib.VariantType("(v)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
        finally:
            connection.close_sync(None)

    def start_calls(self):
        """How many times the fake's client was asked to Start (dbusmock keeps a log of calls)."""
        connection = self._connection()
        try:
            return len(connection.call_sync("org.freedesktop.GeoClue2", CLIENT, "org.freedesktop.DBus.Mock",
                                            "GetMethodCalls", GLib.Variant("(s)", ("Start",)), None,
                                            Gio.DBusCallFlags.NONE, 5000, None).unpack()[0])
        finally:
            connection.close_sync(None)

    def close(self):
        for process in (self.mock, self.daemon):
            if process and process.poll() is None:
                process.terminate()
                process.wait(timeout=10)
        self.daemon.stdout.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def locate_me(view):
    button = wait_for("Locate me", lambda: find(view, "push button", "Locate me"))
    button.doActionNamed("click")
    return button


def said(view, words):
    return wait_for(f"the map to say {words!r}", lambda: words in labels(view) and words)


def test_locate_me_with_a_fix_moves_the_map_there():
    bus = PrivateSystemBus("fix", **KINGS_CROSS)
    app = App(DBUS_SYSTEM_BUS_ADDRESS=bus.address)
    try:
        view = open_map(app)
        first = wait_for("the stops round Oxford Circus", lambda: [row for row in app.rows("Stops in this area")
                                                                    if row.startswith("Oxford Circus Station")])
        assert not any("King's Cross" in row for row in first), first
        locate_me(view)
        moved = wait_for("the stops round King's Cross", lambda: (rows := app.rows("Stops in this area"))
                         and all("King's Cross" in row for row in rows) and rows)
        assert any(row.startswith("King's Cross Station, stop B") for row in moved), moved
        assert bus.client_property("DesktopId") == APP_ID
        assert bus.client_property("RequestedAccuracyLevel") == 6
        wait_for("the client stopped", lambda: bus.client_property("Active") is False)
        screenshot("map-located.png")
    finally:
        app.close()
        bus.close()


def test_locate_me_refused_says_so_and_asks_again():
    bus = PrivateSystemBus("refuse")
    app = App(DBUS_SYSTEM_BUS_ADDRESS=bus.address)
    try:
        view = open_map(app)
        button = locate_me(view)
        said(view, f"Location was refused: '{APP_ID}' disallowed by configuration for UID 1000.")
        screenshot("map-locate-refused.png")
        assert bus.start_calls() == 1
        wait_for("Locate me to take a press again", lambda: sensitive(button))
        locate_me(view)
        wait_for("a second Start", lambda: bus.start_calls() == 2)
        said(view, f"Location was refused: '{APP_ID}' disallowed by configuration for UID 1000.")
    finally:
        app.close()
        bus.close()


def test_locate_me_without_geoclue_says_no_location_service():
    bus = PrivateSystemBus()
    app = App(DBUS_SYSTEM_BUS_ADDRESS=bus.address)
    try:
        view = open_map(app)
        locate_me(view)
        # The words of a missing service, not those of a time limit ("No position came within …").
        said(view, "Your location is not available: no location service is running.")
    finally:
        app.close()
        bus.close()


def test_locate_me_is_busy_while_asking_and_leaving_the_map_stops_it():
    bus = PrivateSystemBus("silent")
    app = App(DBUS_SYSTEM_BUS_ADDRESS=bus.address)
    try:
        view = open_map(app)
        button = locate_me(view)
        wait_for("the Locating spinner", lambda: find(view, name="Locating", visible=True))
        wait_for("Locate me to take no press while asking", lambda: not sensitive(button))
        wait_for("the client started", lambda: bus.client_property("Active") is True)
        screenshot("map-locating.png")
        back(app)
        wait_for("the client stopped once the map is left", lambda: bus.client_property("Active") is False)
    finally:
        app.close()
        bus.close()

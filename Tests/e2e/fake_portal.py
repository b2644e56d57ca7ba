"""A stand-in for the XDG desktop portal's Settings interface on the session bus, for the test that
the window follows the desktop's colour scheme: owns org.freedesktop.portal.Desktop, answers
org.freedesktop.portal.Settings Read and ReadAll for org.freedesktop.appearance color-scheme (0 no
preference, 1 prefer dark, 2 prefer light; anything else is "not found", as the real portal says),
and emits SettingChanged when told to.

Driven over stdin and stdout, one line each way: it prints "ready" once the name is its own; then
each line "set N" changes color-scheme to N, emits SettingChanged and prints "set N" back only once
the bus daemon has routed the signal (a round trip to the daemon after it: the daemon handles one
connection's messages in order), so anything the test sends the app afterwards reaches the app
after the signal. libadwaita 1.2 (src/adw-settings.c) reads this at start-up with Read, unwrapping
a variant inside a variant, and follows SettingChanged, whose value is a plain variant."""
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
INTERFACE = "org.freedesktop.portal.Settings"
XML = f"""<node><interface name="{INTERFACE}">
  <method name="ReadAll"><arg type="as" name="namespaces" direction="in"/>
    <arg type="a{{sa{{sv}}}}" name="value" direction="out"/></method>
  <method name="Read"><arg type="s" name="namespace" direction="in"/><arg type="s" name="key" direction="in"/>
    <arg type="v" name="value" direction="out"/></method>
  <signal name="SettingChanged"><arg type="s" name="namespace"/><arg type="s" name="key"/><arg type="v" name="value"/></signal>
  <property name="version" type="u" access="read"/>
</interface></node>"""

scheme = int(sys.argv[1]) if len(sys.argv) > 1 else 0
loop = GLib.MainLoop()
connection = None


def call(conn, sender, path, interface, method, parameters, invocation):
    if method == "Read":
        namespace, key = parameters.unpack()
        if (namespace, key) == ("org.freedesktop.appearance", "color-scheme"):
            # The portal's Read wraps the value in a variant of its own (libadwaita unwraps twice).
            invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", GLib.Variant("u", scheme)),)))
        else:
            invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
    elif method == "ReadAll":
        wanted = parameters.unpack()[0]
        everything = {"org.freedesktop.appearance": {"color-scheme": GLib.Variant("u", scheme)}}
        chosen = {ns: values for ns, values in everything.items()
                  if not wanted or any(ns == w or (w.endswith("*") and ns.startswith(w[:-1])) for w in wanted)}
        invocation.return_value(GLib.Variant("(a{sa{sv}})", (chosen,)))
    else:
        invocation.return_dbus_error("org.freedesktop.DBus.Error.UnknownMethod", method)


def get_property(conn, sender, path, interface, name):
    return GLib.Variant("u", 1)


def command(channel, condition):
    global scheme
    line = sys.stdin.readline()
    if not line:  # the test has gone
        loop.quit()
        return False
    word, value = line.split()
    assert word == "set", line
    scheme = int(value)
    connection.emit_signal(None, PATH, INTERFACE, "SettingChanged",
                           GLib.Variant("(ssv)", ("org.freedesktop.appearance", "color-scheme", GLib.Variant("u", scheme))))
    # A round trip to the bus daemon after the signal: once answered, the signal has been routed.
    connection.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId",
                         None, None, Gio.DBusCallFlags.NONE, -1, None)
    print(f"set {scheme}", flush=True)
    return True


def acquired(conn, name):
    print("ready", flush=True)


def main():
    global connection
    connection = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    info = Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0]
    connection.register_object(PATH, info, call, get_property, None)
    Gio.bus_own_name_on_connection(connection, NAME, Gio.BusNameOwnerFlags.DO_NOT_QUEUE, acquired,
                                   lambda conn, name: (print("lost", flush=True), loop.quit()))
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, command)
    loop.run()


if __name__ == "__main__":
    main()

'''A fake GeoClue2 for python3-dbusmock (which ships none), for the location tests on a private
system bus: `python3 -m dbusmock --template /abs/path/geoclue2.py -p '{"mode": "fix"}'`.

Parameters: mode "fix" (default: a LocationUpdated after Start) | "refuse" (Start fails with
AccessDenied, as GeoClue does when its configuration or agent says no) | "silent" (Start
succeeds, no fix ever comes); latitude, longitude, accuracy of the fix (default Oxford Circus,
25 m); delay_ms, how long after Start's reply the fix comes (default 100).

As the real service does, Start refuses a client whose DesktopId is not set; the client and its
properties stay after the caller leaves, so a test can read what was set (and that Stop made it
inactive). python3-dbusmock 0.28.7 cannot carry an ObjectPath in PropertiesChanged, so the
client's Location is set in place.'''
import dbus
from gi.repository import GLib

BUS_NAME = 'org.freedesktop.GeoClue2'
MAIN_OBJ = '/org/freedesktop/GeoClue2/Manager'
MAIN_IFACE = 'org.freedesktop.GeoClue2.Manager'
SYSTEM_BUS = True
CLIENT_IFACE = 'org.freedesktop.GeoClue2.Client'
LOCATION_IFACE = 'org.freedesktop.GeoClue2.Location'
CLIENT_PATH = '/org/freedesktop/GeoClue2/Client/1'
ACCESS_DENIED = 'org.freedesktop.DBus.Error.AccessDenied'


def load(mock, parameters):
    mock.gc_mode = str(parameters.get('mode', 'fix'))
    mock.gc_fix = tuple(float(parameters.get(key, default)) for key, default in
                        (('latitude', 51.5154), ('longitude', -0.1419), ('accuracy', 25.0)))
    mock.gc_delay = int(parameters.get('delay_ms', 100))
    mock.gc_locations = 0
    mock.AddProperties(MAIN_IFACE, dbus.Dictionary(
        {'InUse': dbus.Boolean(False), 'AvailableAccuracyLevel': dbus.UInt32(8)}, signature='sv'))
    mock.AddMethods(MAIN_IFACE, [('GetClient', '', 'o', get_client), ('CreateClient', '', 'o', get_client),
                                 ('DeleteClient', 'o', '', '')])


def get_client(manager):
    from dbusmock.mockobject import objects
    if CLIENT_PATH not in objects:
        manager.AddObject(CLIENT_PATH, CLIENT_IFACE, {
            'Location': dbus.ObjectPath('/'), 'DistanceThreshold': dbus.UInt32(0), 'TimeThreshold': dbus.UInt32(0),
            'DesktopId': '', 'RequestedAccuracyLevel': dbus.UInt32(0), 'Active': dbus.Boolean(False)},
            [('Start', '', '', lambda client: start(manager, client)),
             ('Stop', '', '', lambda client: client.UpdateProperties(CLIENT_IFACE, {'Active': dbus.Boolean(False)}))])
    return dbus.ObjectPath(CLIENT_PATH)


def start(manager, client):
    desktop_id = client.Get(CLIENT_IFACE, 'DesktopId')
    if not desktop_id:
        raise dbus.exceptions.DBusException("'DesktopId' property must be set", name=ACCESS_DENIED)
    if manager.gc_mode == 'refuse':
        raise dbus.exceptions.DBusException(f"'{desktop_id}' disallowed by configuration for UID 1000", name=ACCESS_DENIED)
    client.UpdateProperties(CLIENT_IFACE, {'Active': dbus.Boolean(True)})
    if manager.gc_mode == 'fix':
        GLib.timeout_add(manager.gc_delay, emit_fix, manager, client)  # after Start's reply, as the real service does


def emit_fix(manager, client):
    manager.gc_locations += 1
    path = dbus.ObjectPath(f'/org/freedesktop/GeoClue2/Location/{manager.gc_locations}')
    latitude, longitude, accuracy = manager.gc_fix
    manager.AddObject(path, LOCATION_IFACE, {
        'Latitude': latitude, 'Longitude': longitude, 'Accuracy': accuracy,
        'Altitude': -1.7976931348623157e308, 'Speed': -1.0, 'Heading': -1.0, 'Description': 'dbusmock',
        'Timestamp': dbus.Struct((dbus.UInt64(0), dbus.UInt64(0)), signature='tt')}, [])
    old = client.Get(CLIENT_IFACE, 'Location')
    client.props[CLIENT_IFACE]['Location'] = path
    client.EmitSignal(CLIENT_IFACE, 'LocationUpdated', 'oo', [old, path])
    return False

import CGio
import GLibBridge

/// A GIO call's answer, handed to the closure GLib holds until the call completes.
private typealias ReadyBox = UserDataBox<@MainActor (OpaquePointer?) -> Void>
/// `LocationUpdated`'s parameters, handed to the closure GLib holds until unsubscribed.
private typealias SignalBox = UserDataBox<@MainActor (OpaquePointer?) -> Void>

/// Runs the boxed closure with the call's result, then gives the box back: a
/// `GAsyncReadyCallback` is called exactly once.
private let readyThunk: GAsyncReadyCallback = { _, result, data in
    ReadyBox.call(data, result)
    releaseUserData(data)
}

private let signalThunk: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
    SignalBox.call(data, parameters)
}

/// One `GeoClueClient.locate()`: the steps of the GeoClue conversation, each started from the
/// answer to the one before, ending exactly once with a fix or an error (after which late
/// answers are dropped and what was made is let go).
@MainActor
final class GeoClueRequest {
    private static let busName = "org.freedesktop.GeoClue2"
    private static let managerPath = "/org/freedesktop/GeoClue2/Manager"
    private static let managerInterface = "org.freedesktop.GeoClue2.Manager"
    private static let clientInterface = "org.freedesktop.GeoClue2.Client"
    private static let locationInterface = "org.freedesktop.GeoClue2.Location"
    private static let properties = "org.freedesktop.DBus.Properties"

    private let desktopID: String
    private let accuracy: UInt32
    private let busAddress: String?
    private var cancellable: UnsafeMutablePointer<GCancellable>? = g_cancellable_new()
    private var connection: OpaquePointer?
    private var clientPath: String?
    private var subscription: guint = 0
    /// Whether Start has been sent: from then on the end sends Stop, even before Start's answer
    /// (GeoClue takes a connection's calls in order, so the Stop comes after the Start).
    private var startSent = false
    private var gotLocation = false
    /// Set from `start` until the end; nil once ended.
    private var completion: (@MainActor (Result<GeoClueFix, GeoClueError>) -> Void)?

    init(desktopID: String, accuracy: UInt32, busAddress: String?) {
        self.desktopID = desktopID
        self.accuracy = accuracy
        self.busAddress = busAddress
    }

    /// Connects to the bus and goes through the steps; `completion` runs once, on the main actor.
    func start(_ completion: @escaping @MainActor (Result<GeoClueFix, GeoClueError>) -> Void) {
        guard cancellable != nil else { return completion(.failure(.cancelled)) }
        self.completion = completion
        var error: UnsafeMutablePointer<GError>?
        let address: String
        if let busAddress {
            address = busAddress
        } else if let found = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SYSTEM, cancellable, &error) {
            address = String(cString: found)
            g_free(found)
        } else {
            return end(.failure(Self.failure(error, connecting: true)))
        }
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        g_dbus_connection_new_for_address(address, flags, nil, cancellable, readyThunk, ReadyBox.retained { [self] result in
            var error: UnsafeMutablePointer<GError>?
            let made = g_dbus_connection_new_for_address_finish(result, &error)
            guard self.completion != nil else {
                if let made { close(made) }
                g_clear_error(&error)
                return
            }
            guard let made else { return end(.failure(Self.failure(error, connecting: true))) }
            connection = made
            getClient()
        })
    }

    /// The task asking was cancelled: stops what is under way and ends with `.cancelled`.
    func cancel() {
        guard completion != nil else { return }
        if let cancellable { g_cancellable_cancel(cancellable) }
        end(.failure(.cancelled))
    }

    // MARK: - The steps

    private func getClient() {
        call(Self.managerPath, Self.managerInterface, "GetClient", nil, reply: "(o)") { [self] reply in
            let path = Self.string(reply, child: 0)
            clientPath = path
            setClientProperty("DesktopId", g_variant_new_string(desktopID)) { [self] in
                setClientProperty("RequestedAccuracyLevel", g_variant_new_uint32(accuracy)) { [self] in
                    subscribe(path)
                    startSent = true
                    call(path, Self.clientInterface, "Start", nil, reply: nil) { _ in }
                }
            }
        }
    }

    /// Sets a property of the client; `value` is a floating GVariant, taken by the call.
    private func setClientProperty(_ name: String, _ value: OpaquePointer?, then next: @escaping @MainActor () -> Void) {
        let parameters = Self.tuple([g_variant_new_string(Self.clientInterface), g_variant_new_string(name),
                                     g_variant_new_variant(value)])
        call(clientPath!, Self.properties, "Set", parameters, reply: nil) { _ in next() }
    }

    /// Listens for the client's `LocationUpdated` (before `Start`, so the first fix is not missed).
    private func subscribe(_ path: String) {
        guard let connection else { return }
        let box = SignalBox.retained { [self] parameters in
            guard completion != nil, !gotLocation, let parameters else { return }
            gotLocation = true
            read(Self.string(parameters, child: 1))
        }
        subscription = g_dbus_connection_signal_subscribe(
            connection, Self.busName, Self.clientInterface, "LocationUpdated", path, nil,
            G_DBUS_SIGNAL_FLAGS_NONE, signalThunk, box, releaseUserData)
    }

    /// Reads the new Location's latitude, longitude and accuracy, and ends with them.
    private func read(_ locationPath: String) {
        let parameters = Self.tuple([g_variant_new_string(Self.locationInterface)])
        call(locationPath, Self.properties, "GetAll", parameters, reply: "(a{sv})") { [self] reply in
            let values = g_variant_get_child_value(reply, 0)
            defer { g_variant_unref(values) }
            guard let latitude = Self.double(values, "Latitude"), let longitude = Self.double(values, "Longitude") else {
                return end(.failure(.failed("the Location at \(locationPath) has no Latitude or Longitude")))
            }
            end(.success(GeoClueFix(latitude: latitude, longitude: longitude,
                                    accuracy: Self.double(values, "Accuracy") ?? 0)))
        }
    }

    /// Ends once: stops the client, unsubscribes, closes the connection, then reports `result`.
    private func end(_ result: Result<GeoClueFix, GeoClueError>) {
        guard let completion else { return }
        self.completion = nil
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            if startSent, let clientPath {
                // Closed once Stop is answered (a close straight after the call measured to beat it).
                g_dbus_connection_call(connection, Self.busName, clientPath, Self.clientInterface, "Stop", nil, nil,
                                       G_DBUS_CALL_FLAGS_NONE, GeoClueClient.callTimeout, nil, readyThunk,
                                       ReadyBox.retained { [self] result in
                    if let reply = g_dbus_connection_call_finish(connection, result, nil) { g_variant_unref(reply) }
                    close(connection)
                })
            } else {
                close(connection)
            }
        }
        subscription = 0
        connection = nil
        if let cancellable { g_object_unref(cancellable) }
        cancellable = nil
        completion(result)
    }

    private func close(_ connection: OpaquePointer) {
        g_dbus_connection_close(connection, nil, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    // MARK: - D-Bus calls

    /// Calls `method` on GeoClue and runs `next` with the reply (borrowed: unreferenced after it);
    /// a failure ends the request. `parameters` is a floating tuple, taken by the call.
    private func call(_ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
                      reply: String?, then next: @escaping @MainActor (OpaquePointer) -> Void) {
        guard let connection else { return }
        let type = reply.map { g_variant_type_new($0) }
        defer { type.map { g_variant_type_free($0) } }
        g_dbus_connection_call(connection, Self.busName, path, interface, method, parameters, type ?? nil,
                               G_DBUS_CALL_FLAGS_NONE, GeoClueClient.callTimeout, cancellable, readyThunk,
                               ReadyBox.retained { [self] result in
            var error: UnsafeMutablePointer<GError>?
            let answer = g_dbus_connection_call_finish(connection, result, &error)
            guard self.completion != nil else {
                if let answer { g_variant_unref(answer) }
                g_clear_error(&error)
                return
            }
            guard let answer else { return end(.failure(Self.failure(error, connecting: false))) }
            defer { g_variant_unref(answer) }
            next(answer)
        })
    }

    private static func tuple(_ children: [OpaquePointer?]) -> OpaquePointer? {
        children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    /// The string (or object path) at `child` of a tuple.
    private static func string(_ tuple: OpaquePointer, child: Int) -> String {
        let value = g_variant_get_child_value(tuple, gsize(child))
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    /// The double under `key` in an `a{sv}`; nil when missing or of another type.
    private static func double(_ dictionary: OpaquePointer?, _ key: String) -> Double? {
        let type = g_variant_type_new("d")
        defer { g_variant_type_free(type) }
        guard let value = g_variant_lookup_value(dictionary, key, type) else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_double(value)
    }

    /// Sorts a GLib error (and frees it). While connecting, anything but a cancel means there is
    /// no bus to ask.
    private static func failure(_ error: UnsafeMutablePointer<GError>?, connecting: Bool) -> GeoClueError {
        guard let error else { return .failed("no answer and no error") }
        defer { g_error_free(error) }
        let (domain, code) = (error.pointee.domain, UInt32(bitPattern: error.pointee.code))
        g_dbus_error_strip_remote_error(error)
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        if domain == g_io_error_quark() {
            if code == G_IO_ERROR_CANCELLED.rawValue { return .cancelled }
            if code == G_IO_ERROR_TIMED_OUT.rawValue { return .timedOut }
        }
        if domain == g_dbus_error_quark() {
            switch code {
            case G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue, G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue:
                return .noService(message)
            case G_DBUS_ERROR_ACCESS_DENIED.rawValue, G_DBUS_ERROR_AUTH_FAILED.rawValue:
                return .denied(message)
            case G_DBUS_ERROR_NO_REPLY.rawValue, G_DBUS_ERROR_TIMEOUT.rawValue, G_DBUS_ERROR_TIMED_OUT.rawValue:
                return .timedOut
            default:
                break
            }
        }
        return connecting ? .noService(message) : .failed(message)
    }
}

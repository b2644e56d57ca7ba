import CGio
import Foundation

/// A D-Bus daemon of the test's own, configured as a system bus (never the machine's) with the
/// open policy python3-dbusmock's own test buses use, and optionally the fake GeoClue of
/// `Tests/support/geoclue2.py` on it. `stop()` ends both, by PID.
final class PrivateSystemBus {
    let address: String
    private let daemon: Process
    private var mock: Process?
    private let folder: URL

    static let template = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../support/geoclue2.py").standardizedFileURL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("system.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig><type>system</type><listen>unix:tmpdir=\(folder.path)</listen>
        <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(config.path)", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        // The daemon prints its address once it listens.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        address = String(decoding: line, as: UTF8.self)
    }

    /// Starts the fake GeoClue with `parameters` (its JSON `-p`) and returns once it owns its name.
    func startGeoClue(_ parameters: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "dbusmock", "--template", Self.template.path, "-p", parameters]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = address
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice  // its log of every call
        try process.run()
        mock = process
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while try !nameHasOwner("org.freedesktop.GeoClue2") {
            guard process.isRunning, ContinuousClock.now < deadline else { throw Failure("the fake GeoClue never took its name") }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Ends the fake GeoClue and the daemon, by PID, and waits for them. With SIGKILL: children
    /// of the test process inherit its signal mask, which blocks SIGTERM (measured: both lived on).
    func stop() {
        for process in [mock, daemon].compactMap({ $0 }) where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    func nameHasOwner(_ name: String) throws -> Bool {
        let reply = try call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                             tuple([g_variant_new_string(name)]), reply: "(b)")
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    /// A property of an object of the fake GeoClue, as GVariant text ("'io.github…'", "uint32 6").
    func property(_ path: String, _ interface: String, _ name: String) throws -> String {
        let reply = try call("org.freedesktop.GeoClue2", path, "org.freedesktop.DBus.Properties", "Get",
                             tuple([g_variant_new_string(interface), g_variant_new_string(name)]), reply: "(v)")
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(boxed) }
        let value = g_variant_get_variant(boxed)
        defer { g_variant_unref(value) }
        let text = g_variant_print(value, 1)!
        defer { g_free(text) }
        return String(cString: text)
    }

    /// One blocking call on a connection of its own (the test's own checks, never the client's).
    private func call(_ destination: String, _ path: String, _ interface: String, _ method: String,
                      _ parameters: OpaquePointer?, reply: String) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw Failure(message(error))
        }
        defer {
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        let type = g_variant_type_new(reply)
        defer { g_variant_type_free(type) }
        guard let answer = g_dbus_connection_call_sync(connection, destination, path, interface, method, parameters, type,
                                                       G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error) else {
            throw Failure(message(error))
        }
        return answer
    }

    private func tuple(_ children: [OpaquePointer?]) -> OpaquePointer? {
        children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    private func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "no message"
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

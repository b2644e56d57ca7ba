import CGio
import GLibBridge

private typealias AnswerBox = UserDataBox<@MainActor (OpaquePointer?) -> Void>

private let answerThunk: GAsyncReadyCallback = { _, result, data in
    AnswerBox.call(data, result)
    releaseUserData(data)
}

/// Whether a desktop notification service is there to show what GApplication sends: GLib sends a
/// notification without waiting for an answer, so an app that must not lose a message asks the
/// session bus first whether any of the services GLib uses runs or can be started.
@MainActor
public enum NotificationService {
    /// The services GLib's notification backends talk to.
    public static let names = ["org.freedesktop.Notifications", "org.gtk.Notifications", "org.freedesktop.portal.Desktop"]

    /// True when one of `names` owns a name on the session bus or can be started by it; false
    /// when none can, or when there is no session bus.
    public static func isAvailable() async -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        for method in ["ListNames", "ListActivatableNames"] where Set(await listNames(bus, method)).contains(where: names.contains) {
            return true
        }
        return false
    }

    /// The bus's answer to `ListNames` or `ListActivatableNames`; empty when it gives none in 2 s.
    private static func listNames(_ bus: OpaquePointer, _ method: String) async -> [String] {
        await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            let type = g_variant_type_new("(as)")
            defer { g_variant_type_free(type) }
            g_dbus_connection_call(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                                   nil, type, G_DBUS_CALL_FLAGS_NONE, 2000, nil, answerThunk, AnswerBox.retained { result in
                guard let answer = g_dbus_connection_call_finish(bus, result, nil) else { return continuation.resume(returning: []) }
                defer { g_variant_unref(answer) }
                let list = g_variant_get_child_value(answer, 0)
                defer { g_variant_unref(list) }
                let names = (0..<g_variant_n_children(list)).map { index in
                    let child = g_variant_get_child_value(list, index)
                    defer { g_variant_unref(child) }
                    return String(cString: g_variant_get_string(child, nil))
                }
                continuation.resume(returning: names)
            })
        }
    }
}

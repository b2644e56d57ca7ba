import CGio
import Synchronization

// The one way Swift hands GLib something to own: the box for closures and values passed as
// `user_data`, its live count, and the release function for each C destroy signature. `Gtk` (and
// through it every wrapped GTK library) and `Desktop` (GIO's D-Bus calls) both use it.

/// Counts `UserDataBox`es still alive: closures and values GLib holds and has not yet released.
/// Returns to its earlier value once the objects (and sources) holding them are gone.
public enum UserDataBoxes {
    static let live = Atomic<Int>(0)

    public static var liveCount: Int { live.load(ordering: .relaxed) }
}

/// A Swift closure or value handed to GLib as `user_data`. `retained(_:)` gives GLib a +1
/// reference, which GLib gives back through the matching destroy function (`releaseUserData`,
/// `releaseClosureUserData`), so the box lives exactly as long as what GLib attached it to.
/// Immutable; closures in it are `@MainActor` and only ever run on the main thread.
public final class UserDataBox<Value>: @unchecked Sendable {
    public let value: Value

    private init(_ value: Value) {
        self.value = value
        UserDataBoxes.live.add(1, ordering: .relaxed)
    }

    deinit {
        UserDataBoxes.live.subtract(1, ordering: .relaxed)
    }

    /// Boxes `value` and returns the +1 reference for GLib; pass it with a release function below.
    public static func retained(_ value: Value) -> gpointer {
        Unmanaged.passRetained(UserDataBox(value)).toOpaque()
    }

    /// The box behind `data`, which GLib still holds; it is not retained for the caller.
    public static func unbox(_ data: gpointer?) -> UserDataBox<Value> {
        Unmanaged<UserDataBox<Value>>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Runs the handler boxed in `data` on the main actor, for a C thunk GLib calls on the main
    /// thread: GTK's signals, and GIO's answers to calls made from the main thread (they come on
    /// the main context that was the thread's default when the call was made).
    public static func call<Arguments>(_ data: gpointer?, _ arguments: Arguments)
    where Value == @MainActor (Arguments) -> Void {
        let box = unbox(data)
        // GLib calls these on the main thread, where the arguments were made.
        nonisolated(unsafe) let arguments = arguments
        MainActor.assumeIsolated { box.value(arguments) }
    }

    /// Runs the handler boxed in `data` on the main actor and returns its answer, for a C thunk of
    /// a signal that wants one.
    public static func answer<Arguments, Answer: Sendable>(_ data: gpointer?, _ arguments: Arguments) -> Answer
    where Value == @MainActor (Arguments) -> Answer {
        let box = unbox(data)
        nonisolated(unsafe) let arguments = arguments
        return MainActor.assumeIsolated { box.value(arguments) }
    }

    /// Attaches `value` to the GObject at `object` under `key` (replacing what was there) until the
    /// object is finalized; GLib holds it in a box released with the object.
    public static func attach(_ value: Value, to object: UnsafeMutableRawPointer, key: GQuark) {
        g_object_set_qdata_full(object.assumingMemoryBound(to: GObject.self), key, retained(value), releaseUserData)
    }

    /// The value attached to `object` under `key` by `attach`, which must have been a `Value`;
    /// nil when nothing is attached there.
    public static func attached(to object: UnsafeMutableRawPointer, key: GQuark) -> Value? {
        g_object_get_qdata(object.assumingMemoryBound(to: GObject.self), key).map { unbox($0).value }
    }
}

/// A signal handler's box: what `Object.connect` hands to GLib.
public typealias HandlerBox<Arguments> = UserDataBox<@MainActor (Arguments) -> Void>

/// Gives back a `UserDataBox` handed over where GLib takes a `GDestroyNotify` (object data, tick
/// callbacks, shortcut actions, main-loop sources).
public let releaseUserData: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Gives back a `UserDataBox` handed over with a signal handler (a `GClosureNotify`).
public let releaseClosureUserData: GClosureNotify = { data, _ in
    releaseUserData(data)
}

import CGtk
import Synchronization

// Everything the wrappers hand to GLib to own lives here: the one box for closures and values
// passed as `user_data`, the one release function per C destroy signature, and signal connection.

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

    /// Runs the handler boxed in `data` on the main actor, for a C thunk GTK calls on the main thread.
    public static func call<Arguments>(_ data: gpointer?, _ arguments: Arguments)
    where Value == @MainActor (Arguments) -> Void {
        let box = unbox(data)
        // GTK emits these signals on the main thread, where the arguments were made.
        nonisolated(unsafe) let arguments = arguments
        MainActor.assumeIsolated { box.value(arguments) }
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
private let releaseClosureUserData: GClosureNotify = { data, _ in
    releaseUserData(data)
}

// One C thunk per signal signature; each unboxes the closure and runs it on the main actor.
private let thunkVoid: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    HandlerBox<Void>.call(data, ())
}
private let thunkPointer: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    HandlerBox<UnsafeMutableRawPointer?>.call(data, argument)
}
private let thunkInt: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, argument, data in
    HandlerBox<Int>.call(data, Int(argument))
}
private let thunkUInt: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, argument, data in
    HandlerBox<Int>.call(data, Int(argument))
}

extension Object {
    /// Connects `signal` through `thunk`, a C function of the signal's signature that unboxes the
    /// handler with `HandlerBox<Arguments>.call` (and answers for it, for a signal that wants a
    /// return value, as `Window.onCloseRequest`'s does). GLib owns the handler from here: it is
    /// released when the handler is disconnected or the object finalized.
    /// `afterOthers` runs the handler after every handler connected without it, whatever the order.
    @discardableResult
    public func connect<Arguments>(_ signal: String, thunk: GCallback, afterOthers: Bool = false,
                                   _ handler: @escaping @MainActor (Arguments) -> Void) -> UInt {
        let box = HandlerBox<Arguments>.retained(handler)
        let flags = afterOthers ? G_CONNECT_AFTER : GConnectFlags(0)
        return UInt(g_signal_connect_data(pointer, signal, thunk, box, releaseClosureUserData, flags))
    }

    /// Connects a signal whose handler takes only the instance (`clicked`, `map`, `activate`…);
    /// `afterOthers` runs it after every handler connected without it.
    @discardableResult
    public func on(_ signal: String, afterOthers: Bool = false, _ handler: @escaping @MainActor () -> Void) -> UInt {
        connect(signal, thunk: unsafeBitCast(thunkVoid, to: GCallback.self), afterOthers: afterOthers) { (_: Void) in handler() }
    }

    /// Connects a handler that takes only the instance to a signal registered with a marshaller
    /// that does not match its parameters (libshumate 1.0.3's `animation-completed` says
    /// VOID__OBJECT and passes nothing, so an ordinary handler gets a CRITICAL and never runs):
    /// the handler's closure carries its own VOID__VOID marshaller, which GLib keeps.
    @discardableResult
    public func on(_ signal: String, forcingVoidMarshaller handler: @escaping @MainActor () -> Void) -> UInt {
        let box = HandlerBox<Void>.retained { (_: Void) in handler() }
        let closure = g_cclosure_new(unsafeBitCast(thunkVoid, to: GCallback.self), box, releaseClosureUserData)
        g_closure_set_marshal(closure, g_cclosure_marshal_VOID__VOID)
        return UInt(g_signal_connect_closure(pointer, signal, closure, 0))
    }

    /// Connects a signal with one pointer argument (a list item, a frame clock…).
    @discardableResult
    public func on(_ signal: String, pointer handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
        connect(signal, thunk: unsafeBitCast(thunkPointer, to: GCallback.self), handler)
    }

    /// Connects a signal with one `gint` argument (a dialog's response id).
    @discardableResult
    public func on(_ signal: String, int handler: @escaping @MainActor (Int) -> Void) -> UInt {
        connect(signal, thunk: unsafeBitCast(thunkInt, to: GCallback.self), handler)
    }

    /// Connects a signal with one `guint` argument (a list position).
    @discardableResult
    public func on(_ signal: String, uint handler: @escaping @MainActor (Int) -> Void) -> UInt {
        connect(signal, thunk: unsafeBitCast(thunkUInt, to: GCallback.self), handler)
    }

    /// Emits a signal that takes no arguments and returns nothing, as if GTK had.
    public func emit(_ signal: String) {
        tripgtk_signal_emit(pointer, signal)
    }

    /// Disconnects a handler returned by `on`; GLib then releases its closure.
    public func disconnect(_ handlerID: UInt) {
        g_signal_handler_disconnect(pointer, gulong(handlerID))
    }
}

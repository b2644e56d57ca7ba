import CGtk
import Synchronization

/// Counts signal-handler boxes still alive: what GLib holds and has not yet released.
/// Returns to its earlier value once the objects whose handlers were connected are gone.
public enum SignalHandlers {
    static let live = Atomic<Int>(0)

    public static var liveCount: Int { live.load(ordering: .relaxed) }
}

/// A Swift closure handed to GLib as user data: GLib holds the +1 reference and releases it with
/// the handler's destroy-notify, so the closure lives exactly as long as the connection.
/// Immutable, and its closure only ever runs on the main actor.
final class HandlerBox<Arguments>: @unchecked Sendable {
    let run: @MainActor (Arguments) -> Void

    init(_ run: @escaping @MainActor (Arguments) -> Void) {
        self.run = run
        SignalHandlers.live.add(1, ordering: .relaxed)
    }

    deinit {
        SignalHandlers.live.subtract(1, ordering: .relaxed)
    }

    static func call(_ data: gpointer?, _ arguments: Arguments) {
        let box = Unmanaged<HandlerBox<Arguments>>.fromOpaque(data!).takeUnretainedValue()
        // GTK emits these signals on the main thread, where the arguments were made.
        nonisolated(unsafe) let arguments = arguments
        MainActor.assumeIsolated { box.run(arguments) }
    }
}

private let releaseHandler: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
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
    /// Connects `signal` through `thunk`, which unboxes the closure (and answers for it, for a
    /// signal that wants a return value, as `Window.onCloseRequest`'s does).
    /// `afterOthers` runs the handler after every handler connected without it, whatever the order.
    func connect<Arguments>(_ signal: String, thunk: GCallback, afterOthers: Bool = false,
                                    _ handler: @escaping @MainActor (Arguments) -> Void) -> UInt {
        let box = Unmanaged.passRetained(HandlerBox(handler) as AnyObject).toOpaque()
        let flags = afterOthers ? G_CONNECT_AFTER : GConnectFlags(0)
        return UInt(g_signal_connect_data(pointer, signal, thunk, box, releaseHandler, flags))
    }

    /// Connects a signal whose handler takes only the instance (`clicked`, `map`, `activate`…);
    /// `afterOthers` runs it after every handler connected without it.
    @discardableResult
    public func on(_ signal: String, afterOthers: Bool = false, _ handler: @escaping @MainActor () -> Void) -> UInt {
        connect(signal, thunk: unsafeBitCast(thunkVoid, to: GCallback.self), afterOthers: afterOthers) { (_: Void) in handler() }
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

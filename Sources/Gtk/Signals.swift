@_exported import GLibBridge
import CGtk

// Signal connection for every wrapper, over the one box GLib owns (`UserDataBox`, in GLibBridge,
// re-exported here so the wrappers and their users see it as part of `Gtk`).

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
    /// Connects a signal that wants an answer ("close-request"): `thunk` unboxes the handler with
    /// `AnswerBox<Arguments, Answer>.unbox` and hands GLib what it returns.
    @discardableResult
    public func connect<Arguments, Answer>(_ signal: String, thunk: GCallback,
                                           answering handler: @escaping @MainActor (Arguments) -> Answer) -> UInt {
        UInt(g_signal_connect_data(pointer, signal, thunk, AnswerBox<Arguments, Answer>.retained(handler), releaseClosureUserData,
                                   GConnectFlags(0)))
    }

    /// Connects `signal` through `thunk`, a C function of the signal's signature that unboxes the
    /// handler with `HandlerBox<Arguments>.call` (a signal that wants a return value goes through
    /// `connect(_:thunk:answering:)`). GLib owns the handler from here: it is
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

/// A handler that answers its signal: what `Object.connect(_:thunk:answering:)` hands to GLib.
public typealias AnswerBox<Arguments, Answer> = UserDataBox<@MainActor (Arguments) -> Answer>

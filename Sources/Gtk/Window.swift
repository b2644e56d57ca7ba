import CGtk

/// "close-request" wants an answer: the handler's (true keeps the window open).
private let closeRequestThunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    AnswerBox<Void, Bool>.answer(data, ()) ? 1 : 0
}

/// A `GtkWindow`. GTK keeps a toplevel alive until `destroy()`; this wrapper adds its own reference.
open class Window: Widget {
    public init(taking window: UnsafeMutablePointer<GtkWidget>) {
        super.init(floating: UnsafeMutableRawPointer(window))
    }

    public var window: UnsafeMutablePointer<GtkWindow> { pointer.assumingMemoryBound(to: GtkWindow.self) }

    public var title: String? {
        get { gtk_window_get_title(window).map { String(cString: $0) } }
        set { gtk_window_set_title(window, newValue) }
    }

    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, Int32(width), Int32(height))
    }

    public func setChild(_ child: Widget) {
        gtk_window_set_child(window, child.widget)
    }

    public func setTitlebar(_ bar: Widget) {
        gtk_window_set_titlebar(window, bar.widget)
    }

    public func present() {
        gtk_window_present(window)
    }

    /// The size the window has when not maximised: what it opens with, and what the person last
    /// resized it to.
    public var defaultSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return (Int(width), Int(height))
    }

    public var isMaximised: Bool { gtk_window_is_maximized(window) != 0 }

    public func maximise() {
        gtk_window_maximize(window)
    }

    /// Asks the window to close, as its close button does (`onCloseRequest` handlers run first).
    public func close() {
        gtk_window_close(window)
    }

    /// Runs when the window is asked to close (its close button, Alt+F4, `close()`): it closes
    /// when `handler` returns false; true keeps it (the handler has done something else with it,
    /// such as hiding it).
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        connect("close-request", thunk: unsafeBitCast(closeRequestThunk, to: GCallback.self), answering: { (_: Void) -> Bool in handler() })
    }

    /// Closes the window for good; GTK drops its reference and the handlers connected to it.
    public func destroy() {
        gtk_window_destroy(window)
    }

    /// Runs once, after the first frame of this window has been painted.
    public func onFirstFrame(_ handler: @escaping @MainActor () -> Void) {
        let mapHandler = HandlerID()
        mapHandler.value = onMap { [widget] in
            g_signal_handler_disconnect(widget, gulong(mapHandler.value))
            guard let clock = gtk_widget_get_frame_clock(widget) else { return handler() }
            let paintHandler = HandlerID()
            paintHandler.value = Object(borrowed: UnsafeMutableRawPointer(clock)).on("after-paint") {
                g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), gulong(paintHandler.value))
                handler()
            }
        }
    }
}

extension Window {
    /// Runs with true when the window is minimised and false when it is restored, as far as the
    /// windowing system tells (a bare X server without a window manager never minimises).
    public func onMinimisedChanged(_ handler: @escaping @MainActor (Bool) -> Void) {
        on("realize") { [widget] in
            guard let surface = gtk_native_get_surface(OpaquePointer(widget)) else { return }
            var minimised = false
            Object(borrowed: UnsafeMutableRawPointer(surface)).on("notify::state", pointer: { _ in
                let now = gdk_toplevel_get_state(surface).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
                guard now != minimised else { return }
                minimised = now
                handler(now)
            })
        }
    }
}

/// A handler id a one-shot handler reads to disconnect itself.
@MainActor
private final class HandlerID {
    var value: UInt = 0
}

/// A plain toplevel `GtkWindow`.
public final class PlainWindow: Window {
    public init() {
        super.init(taking: gtk_window_new())
    }
}

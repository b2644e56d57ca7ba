import CGtk

/// A `GtkApplication`: owns the main loop from `run()` until its last window closes.
public final class Application: Object {
    /// - Parameter id: a reverse-DNS application id, e.g. "org.example.App".
    public init(id: String) {
        super.init(owned: UnsafeMutableRawPointer(gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)))
    }

    /// Wraps an application of a subclass (libadwaita's), whose only reference is handed over.
    public init(owning application: UnsafeMutableRawPointer) {
        super.init(owned: application)
    }

    var application: UnsafeMutablePointer<GtkApplication> { pointer.assumingMemoryBound(to: GtkApplication.self) }

    /// Runs when the application starts (and when a second launch asks it to show itself).
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        on("activate", handler)
    }

    /// Runs `handler` with its text when the action `app.NAME` is activated, here or by a second
    /// launch of the app (which hands its request to this one over D-Bus).
    public func addAction(_ name: String, _ handler: @escaping @MainActor (String) -> Void) {
        let text = g_variant_type_new("s")
        defer { g_variant_type_free(text) }
        let action = g_simple_action_new(name, text)!
        g_action_map_add_action(OpaquePointer(pointer), action)
        // The map holds the action (and so the handler) from here on.
        Object(owned: UnsafeMutableRawPointer(action)).on("activate", pointer: { parameter in
            guard let parameter, let text = g_variant_get_string(OpaquePointer(parameter), nil) else { return }
            handler(String(cString: text))
        })
    }

    /// Claims the application id on the session bus. False when another copy of the app already
    /// runs: actions and `run()` then go to that one.
    public func registerAsPrimary() -> Bool {
        g_application_register(pointer.assumingMemoryBound(to: GApplication.self), nil, nil)
        return g_application_get_is_remote(pointer.assumingMemoryBound(to: GApplication.self)) == 0
    }

    /// Activates `app.NAME` with `text`, in this process or the one that runs the app.
    public func activateAction(_ name: String, _ text: String) {
        g_action_group_activate_action(OpaquePointer(pointer), name, g_variant_new_string(text))
    }

    /// Tells GTK not to call setlocale when it starts: the caller has set the locale already (the
    /// language and formats from the environment, numbers in the C form), before anything printed.
    /// Call it before the application registers: a GtkApplication starts GTK as it registers.
    public static func leaveLocaleAlone() {
        gtk_disable_setlocale()
    }

    /// Runs the GLib main loop, with `@MainActor` work bridged into it, and returns the exit status.
    /// Command-line arguments are not passed to GTK: the caller has parsed them already.
    @MainActor
    public func run() -> Int32 {
        MainLoop.bridgeDispatchMainQueue()
        return g_application_run(pointer.assumingMemoryBound(to: GApplication.self), 0, nil)
    }

    public func quit() {
        g_application_quit(pointer.assumingMemoryBound(to: GApplication.self))
    }
}

/// A `GtkApplicationWindow`: a toplevel that keeps its application running while it is open.
public final class ApplicationWindow: Window {
    public init(application: Application) {
        super.init(taking: gtk_application_window_new(application.application))
    }
}

import CGtk

/// A `GtkApplication`: owns the main loop from `run()` until its last window closes.
public final class Application: Object {
    /// - Parameter id: a reverse-DNS application id, e.g. "org.example.App".
    public init(id: String) {
        super.init(owned: UnsafeMutableRawPointer(gtk_application_new(id, G_APPLICATION_DEFAULT_FLAGS)))
    }

    var application: UnsafeMutablePointer<GtkApplication> { pointer.assumingMemoryBound(to: GtkApplication.self) }

    /// Runs when the application starts (and when a second launch asks it to show itself).
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        on("activate", handler)
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

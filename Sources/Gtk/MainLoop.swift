import CGtk

/// Joins libdispatch's main queue to the GLib main loop.
///
/// While `g_application_run` owns the main thread nothing drains the main queue, so `@MainActor`
/// tasks would never run. libdispatch exposes the eventfd CoreFoundation's run loop watches; a GLib
/// fd source on it drains the queue whenever work is pending. No timers, so an idle app sleeps.
@MainActor
public enum MainLoop {
    private static var installed = false

    /// Installs the bridge on the default main context; later calls do nothing.
    /// Work queued earlier has already made the eventfd readable, so it runs on the first iteration.
    public static func bridgeDispatchMainQueue() {
        guard !installed else { return }
        installed = true
        let fd = _dispatch_get_main_queue_handle_4CF()
        g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            var value: eventfd_t = 0
            eventfd_read(fd, &value)
            _dispatch_main_queue_callback_4CF(nil)
            return 1 // G_SOURCE_CONTINUE
        }, nil, nil)
    }

    /// Runs pending GLib events without blocking; for tests that drive GTK without an application.
    public static func iteratePending() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}

/// GTK itself, for programs that drive widgets without an `Application` (tests, tools).
@MainActor
public enum Toolkit {
    /// Initialises GTK on this thread; false when there is no display to connect to.
    public static func initialize() -> Bool {
        gtk_init_check() != 0
    }
}

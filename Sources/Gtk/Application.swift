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
        // GLib's worker threads (GTask's, reading files and pictures) wait for their next task
        // without a deadline: by default one idle for 15 s ends, waking an app that is asleep.
        g_thread_pool_set_max_idle_time(0)
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

/// A desktop notification, sent through GApplication: GLib hands it to the desktop's notification
/// service over D-Bus (the portal, `org.gtk.Notifications` or `org.freedesktop.Notifications`),
/// with the app's icon. Its actions are the app's own (`app.NAME`), each with a text target.
public struct DesktopNotification: Sendable {
    public struct Action: Sendable {
        public var label: String
        /// `app.NAME`
        public var action: String
        public var target: String

        public init(label: String, action: String, target: String) {
            self.label = label
            self.action = action
            self.target = target
        }
    }

    public var title: String
    public var body: String
    /// What a click on the notification itself does.
    public var defaultAction: Action?
    public var buttons: [Action]

    public init(title: String, body: String, defaultAction: Action? = nil, buttons: [Action] = []) {
        self.title = title
        self.body = body
        self.defaultAction = defaultAction
        self.buttons = buttons
    }
}

extension Application {
    private var gApplication: UnsafeMutablePointer<GApplication> { pointer.assumingMemoryBound(to: GApplication.self) }

    /// Shows `notification`, replacing any earlier one sent with the same `id`.
    public func send(_ notification: DesktopNotification, id: String) {
        let made = g_notification_new(notification.title)
        g_notification_set_body(made, notification.body)
        if let id = g_application_get_application_id(gApplication) {
            let icon = g_themed_icon_new(id)
            g_notification_set_icon(made, icon)
            g_object_unref(UnsafeMutableRawPointer(icon))
        }
        if let action = notification.defaultAction {
            g_notification_set_default_action_and_target_value(made, action.action, g_variant_new_string(action.target))
        }
        for button in notification.buttons {
            g_notification_add_button_with_target_value(made, button.label, button.action, g_variant_new_string(button.target))
        }
        g_application_send_notification(gApplication, id, made)
        g_object_unref(UnsafeMutableRawPointer(made))
    }

    /// Takes back the notification sent with `id`, if it is still shown.
    public func withdrawNotification(_ id: String) {
        g_application_withdraw_notification(gApplication, id)
    }

    /// Keeps the application running with no window open, until as many `release()`s.
    public func hold() {
        g_application_hold(gApplication)
    }

    public func release() {
        g_application_release(gApplication)
    }
}

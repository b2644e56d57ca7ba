import CGtk

/// A `GtkScrolledWindow` around one child.
public final class ScrolledWindow: Widget {
    public init(_ child: Widget) {
        super.init(floating: UnsafeMutableRawPointer(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_child(OpaquePointer(pointer), child.widget)
        gtk_scrolled_window_set_policy(OpaquePointer(pointer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        hexpand = true
        vexpand = true
    }
}

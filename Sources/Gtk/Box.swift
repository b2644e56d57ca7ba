import CGtk

/// A `GtkBox`: children in a row or a column.
public final class Box: Widget {
    public enum Orientation {
        case horizontal, vertical

        var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
    }

    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(floating: UnsafeMutableRawPointer(gtk_box_new(orientation.gtk, Int32(spacing))))
    }

    /// A status area named `accessibleLabel` ("Search status"): screen readers announce what
    /// changes in it (loading, how many results, a failure) without the person moving there.
    public init(statusNamed accessibleLabel: String, _ orientation: Orientation, spacing: Int,
                _ children: [Widget]) {
        super.init(floating: UnsafeMutableRawPointer(tripgtk_status_box_new(orientation.gtk, Int32(spacing))))
        setAccessibleLabel(accessibleLabel)
        children.forEach(append)
    }

    /// A box holding `children` in order.
    public convenience init(_ orientation: Orientation, spacing: Int = 0, _ children: [Widget]) {
        self.init(orientation, spacing: spacing)
        children.forEach(append)
    }

    private var box: UnsafeMutablePointer<GtkBox> { pointer.assumingMemoryBound(to: GtkBox.self) }

    /// Gives every child the same size.
    public var homogeneous: Bool {
        get { gtk_box_get_homogeneous(box) != 0 }
        set { gtk_box_set_homogeneous(box, newValue ? 1 : 0) }
    }

    public func append(_ child: Widget) {
        gtk_box_append(box, child.widget)
    }

    /// Takes `child` out of the box.
    public func remove(_ child: Widget) {
        gtk_box_remove(box, child.widget)
    }

    /// Takes every child out of the box.
    public func removeAll() {
        while let child = gtk_widget_get_first_child(widget) {
            gtk_box_remove(box, child)
        }
    }
}

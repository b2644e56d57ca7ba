import CGtk

/// A `GtkExpander`: a labelled disclosure that shows its child when opened.
public final class Expander: Widget {
    public init(label: String, child: Widget) {
        super.init(floating: UnsafeMutableRawPointer(gtk_expander_new(label)))
        gtk_expander_set_child(expander, child.widget)
    }

    private var expander: OpaquePointer { OpaquePointer(pointer) }

    public var isExpanded: Bool {
        get { gtk_expander_get_expanded(expander) != 0 }
        set { gtk_expander_set_expanded(expander, newValue ? 1 : 0) }
    }
}

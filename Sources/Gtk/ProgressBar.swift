import CGtk

/// A `GtkProgressBar`: how far along something is, 0 to 1.
public final class ProgressBar: Widget {
    public init(accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_progress_bar_new()))
        setAccessibleLabel(accessibleLabel)
    }

    private var bar: OpaquePointer { OpaquePointer(pointer) }

    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(bar) }
        set { if newValue != fraction { gtk_progress_bar_set_fraction(bar, newValue) } }
    }
}

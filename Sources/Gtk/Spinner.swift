import CGtk

/// A `GtkSpinner`. It animates only while spinning, so stop it when nothing is loading.
public final class Spinner: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(gtk_spinner_new()))
    }

    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(OpaquePointer(pointer)) != 0 }
        set { gtk_spinner_set_spinning(OpaquePointer(pointer), newValue ? 1 : 0) }
    }
}

import CGtk

/// A `GtkSpinner` that animates only while it is asked to spin *and* is on screen. A spinning
/// GtkSpinner keeps the frame clock ticking even inside a tab that is not showing (its CSS
/// animation runs once it is realized), so an idle window would keep drawing; this one stops
/// when unmapped and starts again when mapped.
public final class Spinner: Widget {
    private var wanted = false

    public init() {
        super.init(floating: UnsafeMutableRawPointer(gtk_spinner_new()))
        let spinner = OpaquePointer(pointer)
        onMap { [weak self] in
            if let self { gtk_spinner_set_spinning(spinner, self.wanted ? 1 : 0) }
        }
        onUnmap { gtk_spinner_set_spinning(spinner, 0) }
    }

    /// Whether it should spin; it does while it is mapped.
    public var isSpinning: Bool {
        get { wanted }
        set {
            wanted = newValue
            gtk_spinner_set_spinning(OpaquePointer(pointer), newValue && isMapped ? 1 : 0)
        }
    }
}

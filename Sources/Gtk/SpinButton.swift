import CGtk

/// A `GtkSpinButton` for a whole number in a range.
public final class SpinButton: Widget {
    public init(range: ClosedRange<Int>, accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(
            gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1)))
        gtk_spin_button_set_numeric(OpaquePointer(pointer), 1)
        setAccessibleLabel(accessibleLabel)
    }

    public var value: Int {
        get { Int(gtk_spin_button_get_value_as_int(OpaquePointer(pointer))) }
        set { if newValue != value { gtk_spin_button_set_value(OpaquePointer(pointer), Double(newValue)) } }
    }

    /// Runs with the new value whenever it changes.
    public func onValueChanged(_ handler: @escaping @MainActor (Int) -> Void) {
        let spin = OpaquePointer(pointer)
        on("value-changed") { handler(Int(gtk_spin_button_get_value_as_int(spin))) }
    }
}

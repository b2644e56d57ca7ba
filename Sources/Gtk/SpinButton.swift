import CGtk

/// A `GtkSpinButton` for a whole number in a range.
///
/// By default GTK clamps typed text into the range and reads letters as 0, silently. With
/// `onTextEntered` the text is handed over instead, and text that is refused stays as typed.
public final class SpinButton: Widget {
    /// Set from refusing typed text until GTK puts the value back: the text stays as typed.
    private var keepsTypedText = false
    /// Set while GTK reports putting the unchanged value back after a refusal, which
    /// `onValueChanged` does not pass on: nothing changed.
    private var isPuttingValueBack = false

    public init(range: ClosedRange<Int>, accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(
            gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1)))
        gtk_spin_button_set_numeric(OpaquePointer(pointer), 1)
        setAccessibleLabel(accessibleLabel)
    }

    public var value: Int {
        get { Int(gtk_spin_button_get_value_as_int(OpaquePointer(pointer))) }
        set {
            guard newValue != value else { return }
            keepsTypedText = false
            gtk_spin_button_set_value(OpaquePointer(pointer), Double(newValue))
        }
    }

    /// The text in the field, as typed.
    public var text: String { String(cString: gtk_editable_get_text(OpaquePointer(pointer))) }

    /// Reads the typed text now, as Enter or leaving the field would.
    public func takeInText() {
        gtk_spin_button_update(OpaquePointer(pointer))
    }

    /// Runs with the new value whenever it changes (an arrow, a key, accepted text, `value`).
    public func onValueChanged(_ handler: @escaping @MainActor (Int) -> Void) {
        on("value-changed") { [weak self] in
            guard let self, !isPuttingValueBack else { return }
            handler(value)
        }
    }

    /// Hands the typed text to `check` when the field takes it in (Enter, leaving the field, an
    /// arrow after typing). A number returned becomes the value; nil refuses the text: it stays as
    /// typed for the person to correct, the value is unchanged, and nothing is reported as changed.
    /// Letters can then be typed, so they can be refused rather than read as 0.
    public func onTextEntered(_ check: @escaping @MainActor (String) -> Int?) {
        gtk_spin_button_set_numeric(OpaquePointer(pointer), 0)
        gtk_spin_button_set_update_policy(OpaquePointer(pointer), GTK_UPDATE_IF_VALID)
        connect("input", thunk: unsafeBitCast(spinInputThunk, to: GCallback.self)) {
            [weak self] (newValue: UnsafeMutablePointer<Double>?) in
            guard let self else { return }
            keepsTypedText = false
            if let number = check(text) {
                newValue?.pointee = Double(number)
            } else {
                keepsTypedText = true
                newValue?.pointee = .nan
            }
        }
        // GTK puts the value back after refused text by asking for its text ("output"), then
        // reporting "value-changed"; both are answered here, the second after every other handler.
        connect("output", thunk: unsafeBitCast(spinOutputThunk, to: GCallback.self)) {
            [weak self] (kept: UnsafeMutablePointer<gboolean>?) in
            guard let self else { return }
            kept?.pointee = keepsTypedText ? 1 : 0
            isPuttingValueBack = keepsTypedText
            keepsTypedText = false
        }
        on("value-changed", afterOthers: true) { [weak self] in self?.isPuttingValueBack = false }
    }
}

// "input" answers GTK_INPUT_ERROR for refused text (the handler marks it by a NaN value), TRUE
// for a value it read; "output" answers TRUE to leave the text alone.
private let spinInputThunk: @convention(c) (gpointer?, UnsafeMutablePointer<Double>?, gpointer?) -> gint = { _, value, data in
    HandlerBox<UnsafeMutablePointer<Double>?>.call(data, value)
    guard let value else { return 0 }
    return value.pointee.isNaN ? gint(GTK_INPUT_ERROR) : 1
}
private let spinOutputThunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    var kept: gboolean = 0
    withUnsafeMutablePointer(to: &kept) { HandlerBox<UnsafeMutablePointer<gboolean>?>.call(data, $0) }
    return kept
}

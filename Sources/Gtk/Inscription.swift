import CGtk

/// A `GtkInscription`: one line of plain text in a width fixed beforehand, for text that changes
/// every second (a countdown). A `Label` that changes its text asks the whole window to lay itself
/// out again, since its size may have changed; an inscription's size does not depend on its text,
/// so a change redraws it alone. Its text is also its accessible name. Text wider than the width
/// is cut with an ellipsis.
public final class Inscription: Widget {
    /// Wide enough for the longest of `samples`, and one line high.
    public init(fitting samples: [String]) {
        super.init(floating: UnsafeMutableRawPointer(gtk_inscription_new(nil)))
        // One character to spare: the width is reckoned from the font's average character.
        let characters = UInt32(clamping: (samples.map(\.count).max() ?? 0) + 1)
        gtk_inscription_set_min_chars(inscription, characters)
        gtk_inscription_set_nat_chars(inscription, characters)
        gtk_inscription_set_text_overflow(inscription, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
    }

    private var inscription: OpaquePointer { OpaquePointer(pointer) }

    public var text: String {
        get { gtk_inscription_get_text(inscription).map { String(cString: $0) } ?? "" }
        set { if newValue != text { gtk_inscription_set_text(inscription, newValue) } }
    }
}

import CGtk

/// A `GtkInscription`: one line of plain text in a width fixed beforehand, whatever the text.
/// A `Label` measures its text whenever it is laid out (an ellipsized one at each width it is
/// offered), and a label that changes its text asks the whole window to lay itself out again; an
/// inscription's size does not depend on its text, so a change redraws it alone, and its text is
/// shaped once, when it is drawn. For text that changes every second (a countdown), and for the
/// rows of a long list, bound to new text as it scrolls or grows. Its text is also its accessible
/// name. Text wider than the width is cut with an ellipsis.
public final class Inscription: Widget {
    /// Wide enough for the longest of `samples`, and one line high.
    public convenience init(fitting samples: [String]) {
        // One character to spare: the width is reckoned from the font's average character.
        let characters = (samples.map(\.count).max() ?? 0) + 1
        self.init(minimumCharacters: characters, naturalCharacters: characters)
    }

    /// As wide as `naturalCharacters` where there is room, down to `minimumCharacters` where there
    /// is not; text that does not fit is cut with an ellipsis, and kept whole as its accessible
    /// description, and its tooltip while it is cut (`WholeTextTooltip`).
    public convenience init(cutToFit naturalCharacters: Int, minimumCharacters: Int = 3) {
        self.init(minimumCharacters: minimumCharacters, naturalCharacters: naturalCharacters)
        wholeText = WholeTextTooltip(on: self) { Self.cutText(of: $0) }
    }

    /// As wide as its text's characters and `spare` more, reckoned at the font's widest average
    /// character (a letter's or a digit's), so that its text shows whole and setting it measures
    /// nothing: for short texts, a row's times or seats. Should a text of wide characters still
    /// not fit, it is cut with an ellipsis and kept whole as the description and the tooltip.
    public convenience init(sizedToText spare: Int = 1) {
        self.init(minimumCharacters: spare, naturalCharacters: spare)
        sizedToText = spare
        wholeText = WholeTextTooltip(on: self) { Self.cutText(of: $0) }
    }

    private init(minimumCharacters: Int, naturalCharacters: Int) {
        super.init(floating: UnsafeMutableRawPointer(gtk_inscription_new(nil)))
        gtk_inscription_set_min_chars(inscription, UInt32(clamping: minimumCharacters))
        gtk_inscription_set_nat_chars(inscription, UInt32(clamping: naturalCharacters))
        gtk_inscription_set_text_overflow(inscription, GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
    }

    private var inscription: OpaquePointer { OpaquePointer(pointer) }
    private var wholeText: WholeTextTooltip?
    /// The characters to spare beyond the text's, when the width follows the text's length.
    private var sizedToText: Int?

    /// Where the text sits in the width: 0 at the start, 1 at the end.
    public var xalign: Float {
        get { gtk_inscription_get_xalign(inscription) }
        set { gtk_inscription_set_xalign(inscription, newValue) }
    }

    public var text: String {
        get { gtk_inscription_get_text(inscription).map { String(cString: $0) } ?? "" }
        set {
            guard newValue != text else { return }
            if let spare = sizedToText {
                // GTK lays it out again only when the count of characters changes.
                let characters = UInt32(clamping: newValue.count + spare)
                gtk_inscription_set_min_chars(inscription, characters)
                gtk_inscription_set_nat_chars(inscription, characters)
            }
            gtk_inscription_set_text(inscription, newValue)
            wholeText?.describe(newValue)
        }
    }

    /// What the tooltip shows now: the whole text while it is cut, else nothing (nil too where
    /// the text is not kept whole).
    var tooltipWhileCut: String? { wholeText == nil ? nil : Self.cutText(of: inscription) }

    /// The text, when it is wider than the inscription: measured only when a tooltip is asked for.
    private static func cutText(of inscription: OpaquePointer) -> String? {
        guard let text = gtk_inscription_get_text(inscription), text.pointee != 0 else { return nil }
        let widget = UnsafeMutablePointer<GtkWidget>(inscription)
        guard let layout = gtk_widget_create_pango_layout(widget, text) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, nil)
        return width > gtk_widget_get_width(widget) ? String(cString: text) : nil
    }
}

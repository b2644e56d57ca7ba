import CGtk

/// A `GtkLabel` showing plain text: text is never parsed as Pango markup.
public final class Label: Widget {
    public init(_ text: String = "") {
        super.init(floating: UnsafeMutableRawPointer(gtk_label_new(nil)))
        self.text = text
    }

    /// A heading: a label a screen reader announces as one, and lets a person jump to.
    public init(heading text: String) {
        super.init(floating: UnsafeMutableRawPointer(tripgtk_heading_label_new()))
        self.text = text
    }

    private var label: OpaquePointer { OpaquePointer(pointer) }

    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set {
            gtk_label_set_text(label, newValue)
            wholeText?.describe(newValue)
        }
    }

    /// When true, text that does not fit is cut with an ellipsis, and the label asks for no more
    /// width than the ellipsis. The whole text is then the label's accessible description, and
    /// its tooltip while it is cut (`WholeTextTooltip`).
    public var keepsWholeTextInTooltip: Bool {
        get { wholeText != nil }
        set {
            guard newValue != keepsWholeTextInTooltip else { return }
            ellipsizes = newValue
            if newValue {
                wholeText = WholeTextTooltip(on: self) { Self.cutText(of: $0) }
                wholeText?.describe(text)
            } else {
                wholeText?.remove()
                wholeText = nil
            }
        }
    }

    private var wholeText: WholeTextTooltip?

    /// What the tooltip shows now: the whole text while the label is cut, else nothing.
    var tooltipWhileCut: String? { keepsWholeTextInTooltip ? Self.cutText(of: label) : nil }

    private static func cutText(of label: OpaquePointer) -> String? {
        guard pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0 else { return nil }
        return String(cString: gtk_label_get_text(label))
    }

    /// Always false: text is shown as given, so "<b>" from a service stays visible as "<b>".
    public var usesMarkup: Bool { gtk_label_get_use_markup(label) != 0 }

    /// Lines break at word ends to fit the width given; the width asked is the same whatever the
    /// height (`widthFirstLayout`).
    public var wraps: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        set {
            gtk_label_set_wrap(label, newValue ? 1 : 0)
            guard newValue != (gtk_widget_get_layout_manager(widget) != nil) else { return }
            gtk_widget_set_layout_manager(widget, newValue ? widthFirstLayout() : nil)
        }
    }

    /// 0 is start, 0.5 centre, 1 end.
    public var xalign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }

    public var ellipsizes: Bool {
        get { gtk_label_get_ellipsize(label) != PANGO_ELLIPSIZE_NONE }
        set { gtk_label_set_ellipsize(label, newValue ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE) }
    }

    /// Lets the person select and copy the text.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }

    public var justifiesCentre: Bool {
        get { gtk_label_get_justify(label) == GTK_JUSTIFY_CENTER }
        set { gtk_label_set_justify(label, newValue ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT) }
    }
}

/// A layout for a wrapping label in which its width for a height is its width for any height.
/// GTK 4.8 answers "how wide for this height?" by a binary search over a dozen layouts of the text
/// (one for the natural width, one for the minimum), and a horizontal box measuring its height for
/// a width asks that of its wrapping children at each step of a search of its own: the welcome's
/// note was laid out 307 times (29 ms) before its first frame, 55 with this. Every other question
/// is the label class's own: its height for a width, its baseline, its allocation and its request
/// mode. (A layout manager is asked without GTK's cache of sizes, so a height for a new width also
/// measures the label's width for none again: two layouts, counted in the 55.)
private func widthFirstLayout() -> UnsafeMutablePointer<GtkLayoutManager> {
    gtk_custom_layout_new(
        { widget in tripgtk_widget_class_request_mode(widget) },
        { widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            tripgtk_widget_class_measure(widget, orientation, orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : forSize,
                                         minimum, natural, minimumBaseline, naturalBaseline)
        },
        { widget, width, height, baseline in tripgtk_widget_class_size_allocate(widget, width, height, baseline) })
}

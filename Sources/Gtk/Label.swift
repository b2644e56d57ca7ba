import CGtk

/// "query-tooltip" hands the label and the tooltip to fill; the answer is whether to show it.
private let queryTooltipThunk: @convention(c) (gpointer?, gint, gint, gboolean, gpointer?, gpointer?) -> gboolean = {
    label, _, _, _, tooltip, data in
    AnswerBox<(label: gpointer?, tooltip: gpointer?), Bool>.answer(data, (label, tooltip)) ? 1 : 0
}

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
            if keepsWholeTextInTooltip { describe(newValue) }
        }
    }

    /// When true, text that does not fit is cut with an ellipsis, and the label asks for no more
    /// width than the ellipsis. The whole text is then the label's accessible description, and
    /// its tooltip while it is cut.
    ///
    /// The tooltip is given when GTK asks for it ("query-tooltip"), not set with the text: setting
    /// a tooltip asks the X server where the pointer is, a round trip each time a list binds a
    /// row. An uncut label shows none, since it would only repeat what is on screen.
    public var keepsWholeTextInTooltip = false {
        didSet {
            guard keepsWholeTextInTooltip != oldValue else { return }
            ellipsizes = keepsWholeTextInTooltip
            gtk_widget_set_has_tooltip(widget, keepsWholeTextInTooltip ? 1 : 0)
            if keepsWholeTextInTooltip {
                tooltipQuery = connect("query-tooltip", thunk: unsafeBitCast(queryTooltipThunk, to: GCallback.self),
                                       answering: Self.showCutText)
                describe(text)
            } else {
                tooltipQuery.map(disconnect)
                tooltipQuery = nil
                describe("")
            }
        }
    }

    private var tooltipQuery: UInt?

    /// What the tooltip shows now: the whole text while the label is cut, else nothing.
    var tooltipWhileCut: String? { keepsWholeTextInTooltip ? Self.cutText(of: label) : nil }

    private static func cutText(of label: OpaquePointer) -> String? {
        guard pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0 else { return nil }
        return String(cString: gtk_label_get_text(label))
    }

    private static func showCutText(_ query: (label: gpointer?, tooltip: gpointer?)) -> Bool {
        guard let label = query.label, let tooltip = query.tooltip,
              let text = cutText(of: OpaquePointer(label)) else { return false }
        gtk_tooltip_set_text(OpaquePointer(tooltip), text)
        return true
    }

    private func describe(_ text: String) {
        if text.isEmpty {
            gtk_accessible_reset_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        } else {
            tripgtk_accessible_set_description(OpaquePointer(widget), text)
        }
    }

    /// Always false: text is shown as given, so "<b>" from a service stays visible as "<b>".
    public var usesMarkup: Bool { gtk_label_get_use_markup(label) != 0 }

    public var wraps: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
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

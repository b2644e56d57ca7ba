import CGtk

/// "query-tooltip" hands the widget and the tooltip to fill; the answer is whether to show it.
private let queryTooltipThunk: @convention(c) (gpointer?, gint, gint, gboolean, gpointer?, gpointer?) -> gboolean = {
    widget, _, _, _, tooltip, data in
    AnswerBox<(widget: gpointer?, tooltip: gpointer?), Bool>.answer(data, (widget, tooltip)) ? 1 : 0
}

/// Text cut with an ellipsis keeps its whole, for `Label` and `Inscription` alike: as the widget's
/// accessible description always, and as its tooltip while it is cut.
///
/// The tooltip is given when GTK asks for it ("query-tooltip"), not set with the text: setting a
/// tooltip asks the X server where the pointer is, a round trip each time a list binds a row. An
/// uncut text shows none, since it would only repeat what is on screen.
@MainActor
final class WholeTextTooltip {
    private unowned let owner: Widget
    private var handler: UInt?

    /// `cutText` gives the whole text while the widget shows it cut, else nil.
    init(on owner: Widget, cutText: @escaping @MainActor (OpaquePointer) -> String?) {
        self.owner = owner
        gtk_widget_set_has_tooltip(owner.widget, 1)
        handler = owner.connect("query-tooltip", thunk: unsafeBitCast(queryTooltipThunk, to: GCallback.self),
                                answering: { (query: (widget: gpointer?, tooltip: gpointer?)) -> Bool in
            guard let widget = query.widget, let tooltip = query.tooltip,
                  let text = cutText(OpaquePointer(widget)) else { return false }
            gtk_tooltip_set_text(OpaquePointer(tooltip), text)
            return true
        })
    }

    /// The widget's text is now `text`.
    func describe(_ text: String) {
        if text.isEmpty {
            gtk_accessible_reset_property(OpaquePointer(owner.widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
        } else {
            tripgtk_accessible_set_description(OpaquePointer(owner.widget), text)
        }
    }

    /// No tooltip and no description any more.
    func remove() {
        handler.map(owner.disconnect)
        handler = nil
        gtk_widget_set_has_tooltip(owner.widget, 0)
        describe("")
    }
}

import Gtk

/// A route's number on its operator's colour ("73" white on TfL red, "78" dark on Yarra Trams
/// green): the one badge the stop board's arrival rows and the favourites rows both show.
@MainActor
final class RouteBadge: Widget {
    private let label = Label()
    /// The style class shown, as the arrival's service colours it; nil for the plain badge.
    private var style: String?

    init() {
        super.init(floating: label.pointer)
        label.addCSSClass("route-badge")
    }

    /// Shows `line` in the colours of `style` ("tram-badge"; nil for the plain one).
    func show(line: String, style: String?) {
        label.text = line
        guard self.style != style else { return }
        if let old = self.style { label.setCSSClass(old, false) }
        if let style { label.setCSSClass(style, true) }
        self.style = style
    }
}

import CGtk

/// A thin bar filled to a fraction, 0 to 1, for a fraction that changes every second (a
/// countdown). It looks like the theme's progress bar and is one to assistive technologies, but is
/// drawn rather than laid out: a `GtkProgressBar` asks the whole window to lay itself out again at
/// each change (on X11 that is also a round trip to the X server for the window's geometry and the
/// work area), where this redraws the bar alone.
public final class FractionBar: Widget {
    private let fill: Fill

    public init(accessibleLabel: String) {
        let fill = Fill()
        self.fill = fill
        super.init(floating: UnsafeMutableRawPointer(drawnArea(role: GTK_ACCESSIBLE_ROLE_PROGRESS_BAR, drawing: fill)))
        setAccessibleLabel(accessibleLabel)
        gtk_drawing_area_set_content_height(area, Fill.thickness)
        tripgtk_accessible_set_range(OpaquePointer(pointer), 0, 1, 0)
    }

    private var area: UnsafeMutablePointer<GtkDrawingArea> { pointer.assumingMemoryBound(to: GtkDrawingArea.self) }

    public var fraction: Double {
        get { fill.fraction }
        set {
            let fraction = min(1, max(0, newValue))
            guard fraction != fill.fraction else { return }
            fill.fraction = fraction
            tripgtk_accessible_set_range(OpaquePointer(pointer), 0, 1, fraction)
            gtk_widget_queue_draw(widget)
        }
    }
}

/// What the bar shows, and how it is drawn: a rounded trough in the text colour, faint, filled
/// from the start to the fraction in the accent colour, as the theme's progress bar. Set and drawn
/// on the main thread only (GTK draws there), hence unchecked.
private final class Fill: AreaDrawing, @unchecked Sendable {
    static let thickness: Int32 = 8
    var fraction = 0.0

    func draw(in widget: UnsafeMutablePointer<GtkWidget>, on cairo: OpaquePointer, width: Double, height: Double) {
        let (text, accent) = themeColours(of: widget, named: "accent_bg_color")
        let thickness = min(height, Double(Self.thickness))
        let top = (height - thickness) / 2
        let rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        Self.roundedBar(cairo, x: 0, y: top, width: width, height: thickness)
        setSource(cairo, text, alpha: 0.15)
        cairo_fill(cairo)
        guard fraction > 0 else { return }
        let filled = max(thickness, width * fraction)
        Self.roundedBar(cairo, x: rtl ? width - filled : 0, y: top, width: filled, height: thickness)
        setSource(cairo, accent)
        cairo_fill(cairo)
    }

    /// A bar with fully rounded ends.
    private static func roundedBar(_ cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let radius = height / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, y + radius, radius, -Double.pi / 2, Double.pi / 2)
        cairo_arc(cairo, x + radius, y + radius, radius, Double.pi / 2, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }
}

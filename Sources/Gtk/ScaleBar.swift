import CGtk

/// A map's scale: a distance in words over a line as long as that distance is on the map. The
/// line is drawn rather than laid out, in room of a fixed width, so a pan, which changes its length
/// at every frame, redraws the line alone; the words change, and the bar is laid out again, only
/// when the distance does. (libshumate's `ShumateScale` asks the whole window to lay itself out
/// again at each move of the map: on X11 that is also round trips to the X server at every frame.)
public final class ScaleBar: Widget {
    private let words = Label()
    private let line: UnsafeMutablePointer<GtkWidget>
    private let length = LineLength()

    /// A bar whose line is at most `room` pixels long.
    public init(room: Int) {
        line = tripgtk_presentation_area_new()
        super.init(floating: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)))
        addCSSClass("map-scale")
        words.halign = .start
        gtk_box_append(pointer.assumingMemoryBound(to: GtkBox.self), words.widget)
        let area = UnsafeMutableRawPointer(line).assumingMemoryBound(to: GtkDrawingArea.self)
        gtk_drawing_area_set_content_width(area, Int32(room))
        gtk_drawing_area_set_content_height(area, LineLength.height)
        gtk_drawing_area_set_draw_func(area, { area, cairo, width, height, data in
            guard let area, let cairo else { return }
            UserDataBox<LineLength>.unbox(data).value.draw(in: area, on: cairo, width: Double(width), height: Double(height))
        }, UserDataBox.retained(length), releaseUserData)
        gtk_box_append(pointer.assumingMemoryBound(to: GtkBox.self), line)
    }

    /// The words shown ("500 m").
    public var text: String { words.text }

    /// Shows `text` over a line `pixels` long (cut to the bar's room).
    public func show(_ text: String, pixels: Double) {
        if words.text != text { words.text = text }
        guard pixels != length.pixels else { return }
        length.pixels = pixels
        gtk_widget_queue_draw(line)
    }
}

/// How long the line is, and how it is drawn: a line with a tick at each end, in the text's
/// colour over a pale edge that keeps it legible on any map. Set and drawn on the main thread
/// only (GTK draws there), hence unchecked.
private final class LineLength: @unchecked Sendable {
    static let height: Int32 = 8
    var pixels = 0.0

    func draw(in area: UnsafeMutablePointer<GtkDrawingArea>, on cairo: OpaquePointer, width: Double, height: Double) {
        let widget = UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)
        let length = min(pixels, width - 2).rounded()
        guard length > 0 else { return }
        let rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        let start = rtl ? width - 1 - length : 1
        var colour = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &colour)
        // The path: along the bottom, and up at each end.
        cairo_move_to(cairo, start, 1)
        cairo_line_to(cairo, start, height - 1)
        cairo_line_to(cairo, start + length, height - 1)
        cairo_line_to(cairo, start + length, 1)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
        cairo_set_source_rgba(cairo, 1, 1, 1, 0.7)
        cairo_set_line_width(cairo, 3)
        cairo_stroke_preserve(cairo)
        cairo_set_source_rgba(cairo, Double(colour.red), Double(colour.green), Double(colour.blue), Double(colour.alpha))
        cairo_set_line_width(cairo, 1.5)
        cairo_stroke(cairo)
    }
}

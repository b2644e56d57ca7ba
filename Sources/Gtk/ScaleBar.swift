import CGtk

/// A map's scale: a distance in words over a line as long as that distance is on the map. The
/// line is drawn rather than laid out, in room of a fixed width, so a pan, which changes its length
/// at every frame, redraws the line alone; the words change, and the bar is laid out again, only
/// when the distance does. (libshumate's `ShumateScale` asks the whole window to lay itself out
/// again at each move of the map.)
public final class ScaleBar: Widget {
    /// The longest the line is drawn, in pixels.
    public let room: Int
    private let words = Label()
    private let line: UnsafeMutablePointer<GtkWidget>
    private let length: LineLength

    /// A bar whose line is at most `room` pixels long.
    public init(room: Int) {
        self.room = room
        let length = LineLength()
        self.length = length
        line = drawnArea(role: GTK_ACCESSIBLE_ROLE_PRESENTATION, drawing: length)
        super.init(floating: UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)))
        addCSSClass("map-scale")
        words.halign = .start
        let box = pointer.assumingMemoryBound(to: GtkBox.self)
        gtk_box_append(box, words.widget)
        // The room, and the line's edge beyond each end.
        let area = UnsafeMutableRawPointer(line).assumingMemoryBound(to: GtkDrawingArea.self)
        gtk_drawing_area_set_content_width(area, Int32(room) + 2 * LineLength.edge)
        gtk_drawing_area_set_content_height(area, LineLength.height)
        gtk_widget_set_halign(line, GTK_ALIGN_START)
        gtk_box_append(box, line)
    }

    /// The words shown ("500 m").
    public var text: String { words.text }

    /// Shows `text` over a line `pixels` long (cut to the bar's room).
    public func show(_ text: String, pixels: Double) {
        if words.text != text { words.text = text }
        let pixels = min(pixels, Double(room))
        guard pixels != length.pixels else { return }
        length.pixels = pixels
        gtk_widget_queue_draw(line)
    }
}

/// How long the line is, and how it is drawn: a line with a tick at each end, in the text's
/// colour over an edge of the view's background that keeps it legible on any map. Set and drawn
/// on the main thread only (GTK draws there), hence unchecked.
private final class LineLength: AreaDrawing, @unchecked Sendable {
    static let height: Int32 = 8
    /// The pixels the edge takes beyond each of the line's ends.
    static let edge: Int32 = 2
    var pixels = 0.0

    func draw(in widget: UnsafeMutablePointer<GtkWidget>, on cairo: OpaquePointer, width: Double, height: Double) {
        let length = pixels.rounded()
        guard length > 0 else { return }
        let rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        let edge = Double(Self.edge)
        let start = rtl ? width - edge - length : edge
        let (text, background) = themeColours(of: widget, named: "view_bg_color")
        // Along the bottom, and up at each end.
        cairo_move_to(cairo, start, 1)
        cairo_line_to(cairo, start, height - 1)
        cairo_line_to(cairo, start + length, height - 1)
        cairo_line_to(cairo, start + length, 1)
        setSource(cairo, background, alpha: 0.7)
        cairo_set_line_width(cairo, 3)
        cairo_stroke_preserve(cairo)
        setSource(cairo, text)
        cairo_set_line_width(cairo, 1.5)
        cairo_stroke(cairo)
    }
}

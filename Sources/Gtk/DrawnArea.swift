import CGtk

/// What a drawn widget draws: called by GTK, on the main thread, with the area and its size.
/// The drawings keep only plain values set on the main thread, hence `@unchecked Sendable`.
protocol AreaDrawing: AnyObject, Sendable {
    func draw(in widget: UnsafeMutablePointer<GtkWidget>, on cairo: OpaquePointer, width: Double, height: Double)
}

/// A `GtkDrawingArea` with the accessible role given, drawn by `drawing` (which GLib keeps until
/// the area goes), for what changes too often to be laid out: redrawing it lays out nothing.
func drawnArea(role: GtkAccessibleRole, drawing: some AreaDrawing) -> UnsafeMutablePointer<GtkWidget> {
    let area = tripgtk_drawing_area_new(role)!
    gtk_drawing_area_set_draw_func(UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkDrawingArea.self), { area, cairo, width, height, data in
        guard let area, let cairo else { return }
        let widget = UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkWidget.self)
        UserDataBox<any AreaDrawing>.unbox(data).value.draw(in: widget, on: cairo, width: Double(width), height: Double(height))
    }, UserDataBox<any AreaDrawing>.retained(drawing), releaseUserData)
    return area
}

/// The theme's colours where `widget` is drawn: its text's, and one the theme names
/// ("accent_bg_color"), the text's where the theme has none of that name.
func themeColours(of widget: UnsafeMutablePointer<GtkWidget>, named name: String) -> (text: GdkRGBA, named: GdkRGBA) {
    let colours = themeColours(of: widget, named: [name])
    return (colours.text, colours.named[0])
}

/// The theme's colours where `widget` is drawn: its text's, and each of `names`, in order, the
/// text's where the theme has none of that name; looked up in one pass of its style.
func themeColours(of widget: UnsafeMutablePointer<GtkWidget>, named names: [String]) -> (text: GdkRGBA, named: [GdkRGBA]) {
    let style = gtk_widget_get_style_context(widget)
    var text = GdkRGBA()
    gtk_style_context_get_color(style, &text)
    let named = names.map { name in
        var colour = text
        _ = gtk_style_context_lookup_color(style, name, &colour)
        return colour
    }
    return (text, named)
}

/// Sets `cairo`'s source to `colour`, its opacity times `alpha`.
func setSource(_ cairo: OpaquePointer, _ colour: GdkRGBA, alpha: Double = 1) {
    cairo_set_source_rgba(cairo, Double(colour.red), Double(colour.green), Double(colour.blue), Double(colour.alpha) * alpha)
}

import CGtk

/// A symbolic icon from the icon theme, in the text colour where it is drawn, as an icon button
/// shows it: the icon is coloured once into an image for each colour it is drawn in, and each
/// frame paints that image.
///
/// A `GtkImage` of a symbolic icon draws, on every frame of GTK 4.8's cairo renderer, the icon's
/// texture converted for cairo through floats and its colours changed pixel by pixel in a group of
/// its own, whether or not the frame redraws where the icon is: on an idle Favourites tab, its
/// twelve row buttons' icons were a tenth of the work of the countdown's frames. This is a drawn
/// area: its frame paints an image, which cairo skips at once where the frame does not redraw.
/// The colour is looked up at each draw, and GTK draws again when a style change alters it.
///
/// It follows the text colour and the theme's error, warning and success colours (as GTK's
/// symbolic palette does by default), the widget's scale and direction, and the icon theme's
/// name; not the CSS icon properties (`-gtk-icon-size`, `-gtk-icon-palette`, `-gtk-icon-filter`,
/// `-gtk-icon-shadow`, `-gtk-icon-transform`), which Tripboard's style sheet does not use.
public final class SymbolicIcon: Widget {
    private let icon: ColouredIcon

    public init(name: String, pixelSize: Int = 16) {
        icon = ColouredIcon(name: name, size: pixelSize)
        super.init(floating: UnsafeMutableRawPointer(drawnArea(role: GTK_ACCESSIBLE_ROLE_PRESENTATION, drawing: icon)))
        let area = pointer.assumingMemoryBound(to: GtkDrawingArea.self)
        gtk_drawing_area_set_content_width(area, Int32(pixelSize))
        gtk_drawing_area_set_content_height(area, Int32(pixelSize))
        halign = .center
        valign = .center
    }

    /// The icon's name in the theme; a new one is drawn at the next frame.
    public var name: String {
        get { icon.name }
        set {
            guard newValue != icon.name else { return }
            icon.name = newValue
            gtk_widget_queue_draw(widget)
        }
    }

    /// A `SymbolicIcon` of `name` as `button`'s content, the button styled as GTK styles one it
    /// gives an icon name (`image-button`); the icon, for renaming.
    static func content(of button: UnsafeMutablePointer<GtkButton>, named name: String) -> SymbolicIcon {
        let icon = SymbolicIcon(name: name)
        gtk_button_set_child(button, icon.widget)
        gtk_widget_add_css_class(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkWidget.self), "image-button")
        return icon
    }
}

/// Draws its icon from `IconImages`. Set and drawn on the main thread only, hence unchecked.
private final class ColouredIcon: AreaDrawing, @unchecked Sendable {
    var name: String
    let size: Int

    init(name: String, size: Int) {
        self.name = name
        self.size = size
    }

    func draw(in widget: UnsafeMutablePointer<GtkWidget>, on cairo: OpaquePointer, width: Double, height: Double) {
        let scale = Int(gtk_widget_get_scale_factor(widget))
        guard let image = IconImages.image(name, size: size, scale: scale, in: widget) else { return }
        cairo_set_source_surface(cairo, image, ((width - Double(size)) / 2).rounded(), ((height - Double(size)) / 2).rounded())
        cairo_paint(cairo)
    }
}

/// The icons coloured so far, one image for each theme, name, size, scale, direction and palette;
/// made and used on the main thread only, where GTK draws. A window's icons come in a few colours
/// (the text's, light or dark, enabled or not), so the images are usually few; a colour that is
/// animated would make one for each frame's colour, and past a count they are all let go.
private enum IconImages {
    struct Key: Hashable {
        var theme: String
        var name: String
        var size: Int
        var scale: Int
        var direction: UInt32
        var palette: [Float]
    }

    nonisolated(unsafe) static var images: [Key: OpaquePointer] = [:]

    /// The icon `name`, `size` points square at `scale` pixels a point, coloured as the theme
    /// colours a symbolic icon drawn in `widget` (GTK's missing-image icon where the theme has no
    /// such icon); nil only if the theme gives nothing at all.
    static func image(_ name: String, size: Int, scale: Int, in widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        // As GTK colours a symbolic icon: the text's colour, then the theme's error, warning and
        // success colours (the text's where the theme has none).
        let colours = themeColours(of: widget, named: ["error_color", "warning_color", "success_color"])
        let palette = [colours.text] + colours.named
        let theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(widget))
        let themeName = gtk_icon_theme_get_theme_name(theme).map { named in
            defer { g_free(named) }
            return String(cString: named)
        }
        let direction = gtk_widget_get_direction(widget)
        let key = Key(theme: themeName ?? "", name: name, size: size, scale: scale, direction: direction.rawValue,
                      palette: palette.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] })
        if let image = images[key] { return image }
        guard let icon = gtk_icon_theme_lookup_icon(theme, name, nil, Int32(size), Int32(scale), direction,
                                                    GtkIconLookupFlags(rawValue: 0))
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        let snapshot = gtk_snapshot_new()
        palette.withUnsafeBufferPointer { colours in
            gtk_symbolic_paintable_snapshot_symbolic(icon, snapshot, Double(size), Double(size),
                                                     colours.baseAddress, gsize(colours.count))
        }
        let image = drawnImage(of: snapshot, width: size, height: size, scale: scale)
        // A theme or scale changed many times over would leave images behind: start again past a
        // generous count (each is a kilobyte or so).
        if images.count >= 256 {
            images.values.forEach { cairo_surface_destroy($0) }
            images = [:]
        }
        images[key] = image
        return image
    }
}

/// What `snapshot` (which this frees) holds, drawn by cairo into a new image `width` × `height`
/// points at `scale` pixels a point.
func drawnImage(of snapshot: OpaquePointer?, width: Int, height: Int, scale: Int = 1) -> OpaquePointer {
    let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * scale), Int32(height * scale))!
    cairo_surface_set_device_scale(image, Double(scale), Double(scale))
    if let node = gtk_snapshot_free_to_node(snapshot) {
        let drawing = cairo_create(image)
        gsk_render_node_draw(node, drawing)
        cairo_destroy(drawing)
        gsk_render_node_unref(node)
    }
    cairo_surface_flush(image)
    return image
}

import CGtk
import CShumate
import Gtk

/// A `ShumatePathLayer`: a line through points (a route, a river), or with `isClosed` and a
/// fill, an area (a park). It redraws the whole line on every viewport change, so keep its
/// points to a few hundred.
public final class PathLayer: Layer {
    private var pathLayer: OpaquePointer { OpaquePointer(pointer) }

    public init(viewport: Viewport) {
        super.init(floating: UnsafeMutableRawPointer(shumate_path_layer_new(viewport.viewport)!))
    }

    /// Adds a point at the end of the line.
    public func append(latitude: Double, longitude: Double) {
        // A floating coordinate: the layer sinks it and holds the only reference.
        shumate_path_layer_add_node(pathLayer, OpaquePointer(shumate_coordinate_new_full(latitude, longitude)))
    }

    /// Replaces the line's points.
    public func setPoints(_ points: [(latitude: Double, longitude: Double)]) {
        shumate_path_layer_remove_all(pathLayer)
        for point in points { append(latitude: point.latitude, longitude: point.longitude) }
    }

    public var pointCount: Int {
        let nodes = shumate_path_layer_get_nodes(pathLayer)
        defer { g_list_free(nodes) }
        return Int(g_list_length(nodes))
    }

    /// Strokes the line in a CSS colour ("#1c71d8", "rgba(…)", a name), `width` pixels wide.
    public func setStroke(colour: String, width: Double) {
        var rgba = Self.rgba(colour)
        shumate_path_layer_set_stroke_color(pathLayer, &rgba)
        shumate_path_layer_set_stroke_width(pathLayer, width)
    }

    /// Outlines the stroke in a CSS colour, `width` pixels on each side; zero for no outline.
    public func setOutline(colour: String, width: Double) {
        var rgba = Self.rgba(colour)
        shumate_path_layer_set_outline_color(pathLayer, &rgba)
        shumate_path_layer_set_outline_width(pathLayer, width)
    }

    /// Fills the area the points enclose in a CSS colour; nil for no fill.
    public func setFill(colour: String?) {
        if let colour {
            var rgba = Self.rgba(colour)
            shumate_path_layer_set_fill_color(pathLayer, &rgba)
        }
        shumate_path_layer_set_fill(pathLayer, colour == nil ? 0 : 1)
    }

    /// Joins the last point back to the first.
    public var isClosed: Bool {
        get { shumate_path_layer_get_closed(pathLayer) != 0 }
        set { shumate_path_layer_set_closed(pathLayer, newValue ? 1 : 0) }
    }

    private static func rgba(_ colour: String) -> GdkRGBA {
        var rgba = GdkRGBA()
        precondition(gdk_rgba_parse(&rgba, colour) != 0, "not a CSS colour: \(colour)")
        return rgba
    }
}

import CGtk
import CShumate
import Gtk

/// A `ShumateMarkerLayer`: markers over a map, with no selection of its own (a pin that is a
/// button takes its own clicks).
///
/// Every change of the viewport places every marker again, so keep them to the area on screen
/// (a few hundred at most) and update them one by one, by id, rather than removing all and
/// adding them back.
public final class MarkerLayer: Layer {
    private var markerLayer: OpaquePointer { OpaquePointer(pointer) }

    public init(viewport: Viewport) {
        super.init(floating: UnsafeMutableRawPointer(shumate_marker_layer_new(viewport.viewport)!))
    }

    /// Adds a marker on top of those already there. The layer holds it until it is removed or
    /// the layer goes.
    public func add(_ marker: Marker) {
        shumate_marker_layer_add_marker(markerLayer, marker.marker)
    }

    /// Removes a marker; a marker not in this layer is left where it is.
    public func remove(_ marker: Marker) {
        guard gtk_widget_get_parent(marker.widget) == widget else { return }
        shumate_marker_layer_remove_marker(markerLayer, marker.marker)
    }

    /// How many markers the layer holds, on screen or not.
    public var markerCount: Int {
        let markers = shumate_marker_layer_get_markers(markerLayer)
        defer { g_list_free(markers) }
        return Int(g_list_length(markers))
    }
}

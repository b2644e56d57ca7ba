import CShumate
import Gtk

/// A `ShumateScale`: a bar showing a round distance at the map's current zoom and latitude, in
/// metric units. Place it over the map (an overlay at the bottom start, as GNOME Maps does).
public final class MapScale: Widget {
    private var scale: OpaquePointer { OpaquePointer(pointer) }

    public init(viewport: Viewport) {
        super.init(floating: UnsafeMutableRawPointer(shumate_scale_new(viewport.viewport)!))
        shumate_scale_set_unit(scale, SHUMATE_UNIT_METRIC)
    }

    /// The longest the bar may grow, in pixels.
    public var maximumWidth: Int {
        get { Int(shumate_scale_get_max_width(scale)) }
        set { shumate_scale_set_max_width(scale, guint(newValue)) }
    }
}

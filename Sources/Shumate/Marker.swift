import CGtk
import CShumate
import Gtk

/// A `ShumateMarker`: a widget pinned to a point, centred on it. The child is a real widget, so
/// a pin can be a button with an accessible name; off screen it is unmapped, and Tab skips it.
public final class Marker: Widget {
    var marker: UnsafeMutablePointer<ShumateMarker> { pointer.assumingMemoryBound(to: ShumateMarker.self) }

    public init(child: Widget, latitude: Double = 0, longitude: Double = 0) {
        super.init(floating: UnsafeMutableRawPointer(shumate_marker_new()!))
        shumate_marker_set_child(marker, child.widget)
        move(latitude: latitude, longitude: longitude)
    }

    public var latitude: Double { shumate_location_get_latitude(OpaquePointer(pointer)) }
    public var longitude: Double { shumate_location_get_longitude(OpaquePointer(pointer)) }

    /// Puts the marker on another point; its layer places it again.
    public func move(latitude: Double, longitude: Double) {
        shumate_location_set_location(OpaquePointer(pointer), latitude, longitude)
    }
}

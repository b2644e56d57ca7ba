import Shumate
import TripCore

extension MapView {
    /// The area on screen as TripCore's box; nil while the map has no size, or when the view
    /// reaches past the poles or across the antimeridian (no box holds it).
    var visibleGeoBox: GeoBox? {
        visibleBox().flatMap { try? GeoBox(south: $0.south, west: $0.west, north: $0.north, east: $0.east) }
    }
}

import Foundation
import TripCore
import TripWords

/// A coach trip as its small map draws it: the two stations, labelled, and a line between them,
/// framed so both show.
public struct TripRoute: Sendable, Equatable {
    public struct End: Sendable, Equatable {
        public var name: String
        public var point: Coordinate
    }

    public var origin: End
    public var destination: End

    /// Nil unless the service placed both stations.
    public init?(_ item: ResolvedDeparture) {
        guard let from = item.originPoint, let to = item.destinationPoint else { return nil }
        origin = End(name: item.originName ?? tr("Departure"), point: from)
        destination = End(name: item.destinationName ?? tr("Arrival"), point: to)
    }

    /// The point halfway between the stations on the map (in Web Mercator, as the map is drawn).
    public var centre: Coordinate {
        let (a, b) = (Self.mercator(origin.point), Self.mercator(destination.point))
        return Self.coordinate(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }

    /// The zoom level at which both stations fit in `width` × `height` pixels with
    /// `margin` pixels to spare at each side, for square tiles of `tileSize` pixels; within `range`.
    public func zoom(width: Double, height: Double, margin: Double = 48, tileSize: Double = 256,
                     range: ClosedRange<Double> = 2...16) -> Double {
        let (a, b) = (Self.mercator(origin.point), Self.mercator(destination.point))
        let spanX = max(abs(a.x - b.x), 1e-9), spanY = max(abs(a.y - b.y), 1e-9)
        let fitX = log2(max(width - 2 * margin, 1) / (tileSize * spanX))
        let fitY = log2(max(height - 2 * margin, 1) / (tileSize * spanY))
        return min(max(min(fitX, fitY), range.lowerBound), range.upperBound)
    }

    /// Web Mercator's unit square: x east from the antimeridian, y south from the top, 0…1.
    static func mercator(_ point: Coordinate) -> (x: Double, y: Double) {
        let latitude = min(max(point.latitude, -85.0511), 85.0511) * .pi / 180
        return ((point.longitude + 180) / 360, (1 - log(tan(latitude) + 1 / cos(latitude)) / .pi) / 2)
    }

    static func coordinate(x: Double, y: Double) -> Coordinate {
        Coordinate(latitude: atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi, longitude: x * 360 - 180)
    }
}

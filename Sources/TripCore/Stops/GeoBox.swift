import Foundation

/// An area of the map between two parallels and two meridians, in degrees (WGS 84): what a map
/// shows, and what `tripboard stops --bbox S,W,N,E` asks for.
///
/// A box never crosses the antimeridian: its west edge is at or west of its east edge, and a box
/// that would wrap round (west 170, east -170) is refused rather than read as the other 340°.
public struct GeoBox: Sendable, Hashable {
    public let south: Double
    public let west: Double
    public let north: Double
    public let east: Double

    /// Why four numbers are not a box.
    public enum Refusal: Error, Sendable, Equatable {
        /// Not four comma-separated values: how many there were.
        case wrongCount(Int)
        /// A value that is not a number, as written.
        case notANumber(String)
        /// A latitude beyond ±90° or a longitude beyond ±180°.
        case outOfRange
        /// The south edge is north of the north edge.
        case southAboveNorth
        /// The west edge is east of the east edge: the box would cross the antimeridian.
        case crossesAntimeridian
    }

    public init(south: Double, west: Double, north: Double, east: Double) throws(Refusal) {
        guard [south, north].allSatisfy({ (-90...90).contains($0) }),
              [west, east].allSatisfy({ (-180...180).contains($0) }) else { throw .outOfRange }
        guard south <= north else { throw .southAboveNorth }
        guard west <= east else { throw .crossesAntimeridian }
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// Reads "S,W,N,E" in degrees ("51.50,-0.15,51.52,-0.12"); spaces around the numbers are allowed.
    public init(parsing text: String) throws(Refusal) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 4 else { throw .wrongCount(parts.count) }
        var numbers: [Double] = []
        for part in parts {
            // Double("nan") and Double("inf") are numbers to Swift, but no edge of a map.
            guard let number = Double(part), number.isFinite else { throw .notANumber(part) }
            numbers.append(number)
        }
        try self.init(south: numbers[0], west: numbers[1], north: numbers[2], east: numbers[3])
    }

    /// The middle of the box: halfway between its parallels and halfway between its meridians.
    public var centre: Coordinate {
        Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2)
    }

    public var corners: [Coordinate] {
        [Coordinate(latitude: south, longitude: west), Coordinate(latitude: south, longitude: east),
         Coordinate(latitude: north, longitude: west), Coordinate(latitude: north, longitude: east)]
    }

    /// Metres from the centre to the farthest corner (haversine): a circle of this radius round the
    /// centre holds the whole box.
    public var radius: Double {
        corners.map(centre.distance(to:)).max() ?? 0
    }

    /// Whether `coordinate` is inside the box or on its edge.
    public func contains(_ coordinate: Coordinate) -> Bool {
        (south...north).contains(coordinate.latitude) && (west...east).contains(coordinate.longitude)
    }
}

import Foundation

/// A place to wait for a bus or tram, as a stop search finds it.
public struct TransitStop: Sendable, Hashable, Identifiable {
    public var provider: any TransitProvider
    /// The provider's id (a TfL NaPTAN id such as "490000173RF").
    public var stopID: String
    public var name: String
    /// The letter on the flag ("OC"), when the stop has one.
    public var letter: String?
    public var coordinate: Coordinate?
    /// The routes that call here, in the provider's order.
    public var lines: [String]
    /// Metres from the point searched around, for a search by place.
    public var distance: Double?
    /// Which way vehicles from here go ("towards Balaclava"), where the provider says.
    public var direction: String?

    public init(provider: any TransitProvider, stopID: String, name: String, letter: String? = nil,
                coordinate: Coordinate? = nil, lines: [String] = [], distance: Double? = nil,
                direction: String? = nil) {
        self.direction = direction
        self.provider = provider
        self.stopID = stopID
        self.name = name
        self.letter = letter
        self.coordinate = coordinate
        self.lines = lines
        self.distance = distance
    }

    public var id: StopKey { StopKey(provider: provider.id, stopID: stopID) }

    public static func == (lhs: TransitStop, rhs: TransitStop) -> Bool {
        lhs.provider.id == rhs.provider.id && lhs.stopID == rhs.stopID && lhs.name == rhs.name && lhs.letter == rhs.letter
            && lhs.coordinate == rhs.coordinate && lhs.lines == rhs.lines && lhs.distance == rhs.distance
            && lhs.direction == rhs.direction
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
    }

}

/// Identifies a stop across providers.
public struct StopKey: Sendable, Hashable, CustomStringConvertible {
    public var provider: ServiceID
    public var stopID: String

    public init(provider: ServiceID, stopID: String) {
        self.provider = provider
        self.stopID = stopID
    }

    /// "tfl:490000173OE": how a stop travels as text, e.g. in a drag.
    public var description: String { "\(provider.rawValue):\(stopID)" }

    /// Reads `description` back; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        self.init(provider: ServiceID(parts[0]), stopID: parts[1])
    }
}

/// A point on the Earth, in degrees (WGS 84).
public struct Coordinate: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both numbers are on the globe.
    public var isValid: Bool { (-90...90).contains(latitude) && (-180...180).contains(longitude) }

    /// Great-circle distance in metres (haversine, mean Earth radius).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let latitudes: Double = cos(latitude * radians) * cos(other.latitude * radians)
        let a: Double = sin(dLat / 2) * sin(dLat / 2) + latitudes * sin(dLon / 2) * sin(dLon / 2)
        return 6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}

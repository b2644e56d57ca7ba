/// Well-known places a person can search near without typing coordinates.
public struct KnownPlace: Sendable, Hashable {
    public var name: String
    public var coordinate: Coordinate

    public init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

public enum KnownPlaces {
    /// Central London landmarks, each at the heart of a cluster of bus stops (and of the demo's data).
    public static let london: [KnownPlace] = [
        KnownPlace(name: "Oxford Circus", coordinate: Coordinate(latitude: 51.51530, longitude: -0.14190)),
        KnownPlace(name: "Trafalgar Square", coordinate: Coordinate(latitude: 51.50800, longitude: -0.12810)),
        KnownPlace(name: "Waterloo Station", coordinate: Coordinate(latitude: 51.50310, longitude: -0.11320)),
        KnownPlace(name: "King's Cross", coordinate: Coordinate(latitude: 51.53080, longitude: -0.12380)),
    ]

    /// Central Melbourne, where the city's tram routes meet (and the demo's tram stops are).
    public static let melbourne: [KnownPlace] = [
        KnownPlace(name: "Federation Square", coordinate: Coordinate(latitude: -37.81800, longitude: 144.96910)),
    ]
}

/// What a map draws under its pins when no tile is fetched: a city's river and a few labelled
/// landmarks, so a person knows where they are with no network. Each transit service declares
/// its city's, in its own folder; the data is Tripboard's own, drawn by hand and coarse on purpose
/// (a river's course to within a street or so), never copied from a map provider.
public struct BaseMap: Sendable, Equatable {
    public var rivers: [River]
    public var landmarks: [KnownPlace]

    public init(rivers: [River], landmarks: [KnownPlace]) {
        self.rivers = rivers
        self.landmarks = landmarks
    }
}

/// A river, as a line along its middle and how wide it is: drawn as wide as it is at any zoom.
public struct River: Sendable, Equatable {
    public var name: String
    /// Its usual width, in metres.
    public var width: Double
    /// Points along its middle, upstream first.
    public var course: [Coordinate]

    public init(name: String, width: Double, course: [(Double, Double)]) {
        self.name = name
        self.width = width
        self.course = course.map { Coordinate(latitude: $0.0, longitude: $0.1) }
    }
}

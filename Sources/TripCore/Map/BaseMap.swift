import Foundation

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

    /// Whether any of the river, drawn `drawnWidth` metres wide (or its own width, if wider), can
    /// show in `box`: the box round one of its stretches (two points of its course), widened by
    /// half that width, meets `box`, whatever the stroke's ends and joins. A map leaves out a river
    /// it cannot show, as drawing one costs as much wherever it is.
    public func reaches(_ box: GeoBox, drawnWidth: Double) -> Bool {
        guard let first = course.first else { return false }
        // A degree of latitude is 111.32 km; one of longitude that times the cosine of the latitude.
        let latitudeMargin = max(drawnWidth, width) / 2 / 111_320
        let longitudeMargin = latitudeMargin / max(cos(max(abs(box.south), abs(box.north)) * .pi / 180), 0.01)
        let stretches = course.count == 1 ? [(first, first)] : Array(zip(course, course.dropFirst()))
        return stretches.contains { from, to in
            min(from.latitude, to.latitude) - latitudeMargin <= box.north
                && max(from.latitude, to.latitude) + latitudeMargin >= box.south
                && min(from.longitude, to.longitude) - longitudeMargin <= box.east
                && max(from.longitude, to.longitude) + longitudeMargin >= box.west
        }
    }
}

/// The area a map shows, in degrees. Wider than the world at low zoom levels, the corners wrap
/// around, so `west` can then be east of `east`.
public struct MapBounds: Sendable, Hashable {
    public var south: Double
    public var west: Double
    public var north: Double
    public var east: Double

    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }
}

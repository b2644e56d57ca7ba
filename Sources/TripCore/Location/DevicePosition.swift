/// Where this device is, as a location service found it.
public struct DevicePosition: Sendable, Equatable {
    public var coordinate: Coordinate
    /// How far off `coordinate` may be, in metres (the radius GeoClue gives); nil when not said.
    public var accuracy: Double?

    public init(coordinate: Coordinate, accuracy: Double?) {
        self.coordinate = coordinate
        self.accuracy = accuracy
    }
}

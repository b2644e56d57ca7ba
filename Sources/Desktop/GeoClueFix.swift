/// One position from GeoClue: its Location object's `Latitude`, `Longitude` (degrees, WGS 84) and
/// `Accuracy` (metres).
public struct GeoClueFix: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var accuracy: Double

    public init(latitude: Double, longitude: Double, accuracy: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
    }
}

/// A station or stop within a city.
public struct Location: Hashable, Sendable, Decodable {
    public var id: Int
    public var cityId: String?
    public var name: String
    public var lat: Double?
    public var lon: Double?
    public var address: [String]?

    public init(id: Int, cityId: String?, name: String, lat: Double? = nil, lon: Double? = nil, address: [String]? = nil) {
        self.id = id
        self.cityId = cityId
        self.name = name
        self.lat = lat
        self.lon = lon
        self.address = address
    }
}

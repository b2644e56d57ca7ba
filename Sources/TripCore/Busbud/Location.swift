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

    /// Where it is, when the service gave a latitude and longitude that are on the globe.
    public var point: Coordinate? {
        guard let lat, let lon else { return nil }
        let point = Coordinate(latitude: lat, longitude: lon)
        return point.isValid ? point : nil
    }

    private enum Keys: String, CodingKey {
        case id, cityId = "city_id", name, lat, lon, address
    }

    /// A location needs its id and name (what rows show); the rest are details.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Keys.self)
        guard let id = fields.lenientInt(.id), let name = fields.lenientText(.name) else {
            throw DecodingError.keyNotFound(Keys.name, .init(codingPath: fields.codingPath, debugDescription: "id, name"))
        }
        self.id = id
        self.name = name
        cityId = fields.lenientText(.cityId)
        lat = fields.lenientDouble(.lat)
        lon = fields.lenientDouble(.lon)
        address = fields.lenient([Lossy<String>].self, .address)?.compactMap(\.value)
    }
}

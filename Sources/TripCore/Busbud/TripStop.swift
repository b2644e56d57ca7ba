/// A stop along a departure's way, with its local times (nil at the ends).
public struct TripStop: Hashable, Sendable, Decodable {
    public var name: String
    public var locationId: Int?
    public var arrivalTime: String?
    public var departureTime: String?

    public init(name: String, locationId: Int? = nil, arrivalTime: String? = nil, departureTime: String? = nil) {
        self.name = name
        self.locationId = locationId
        self.arrivalTime = arrivalTime
        self.departureTime = departureTime
    }

    private enum Keys: String, CodingKey {
        case name, locationId = "location_id", arrivalTime = "arrival_time", departureTime = "departure_time"
    }

    /// A stop needs a name to be listed; its times and location are details.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Keys.self)
        guard let name = fields.lenientText(.name), !name.isEmpty else {
            throw DecodingError.keyNotFound(Keys.name, .init(codingPath: fields.codingPath, debugDescription: "name"))
        }
        self.name = name
        locationId = fields.lenientInt(.locationId)
        arrivalTime = fields.lenientText(.arrivalTime)
        departureTime = fields.lenientText(.departureTime)
    }
}

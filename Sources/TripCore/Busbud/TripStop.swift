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
}

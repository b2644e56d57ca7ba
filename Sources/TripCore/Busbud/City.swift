/// A city as Busbud describes it; searches name cities by geohash.
public struct City: Hashable, Sendable, Decodable {
    public var id: String
    public var name: String
    /// Busbud's search key for the city, e.g. "dr5reg" for New York.
    public var geohash: String
    /// IANA zone, e.g. "America/New_York".
    public var timezone: String?
    public var fullName: String?

    private enum CodingKeys: String, CodingKey {
        case id, name, geohash, timezone, fullName = "full_name"
    }

    public init(id: String, name: String, geohash: String, timezone: String? = nil, fullName: String? = nil) {
        self.id = id
        self.name = name
        self.geohash = geohash
        self.timezone = timezone
        self.fullName = fullName
    }
}

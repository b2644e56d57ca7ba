/// One coach departure as Busbud sends it. Times are local to each end's zone, with no offset.
///
/// Read tolerantly: only the id, both times and the total price are required (a row cannot be
/// shown without them); every other detail that is missing, null or of an unexpected type reads
/// as nil and degrades only itself.
public struct Departure: Hashable, Sendable, Decodable, Identifiable {
    public var id: String
    public var operatorId: String?
    public var originLocationId: Int?
    public var destinationLocationId: Int?
    /// "2021-08-28T09:30:00" in `departureTimezone`.
    public var departureTime: String
    /// "2021-08-28T12:45:00" in `arrivalTimezone`.
    public var arrivalTime: String
    public var departureTimezone: String?
    public var arrivalTimezone: String?
    /// Minutes, when the service states it (it accounts for zones and daylight saving).
    public var duration: Int?
    public var prices: Prices
    public var availableSeats: Int?
    public var amenities: Amenities?
    public var className: String?
    public var tripStops: [TripStop]?

    public init(id: String, operatorId: String?, originLocationId: Int?, destinationLocationId: Int?,
                departureTime: String, arrivalTime: String, departureTimezone: String?, arrivalTimezone: String?,
                duration: Int? = nil, prices: Prices, availableSeats: Int? = nil, amenities: Amenities? = nil,
                className: String? = nil, tripStops: [TripStop]? = nil) {
        self.id = id
        self.operatorId = operatorId
        self.originLocationId = originLocationId
        self.destinationLocationId = destinationLocationId
        self.departureTime = departureTime
        self.arrivalTime = arrivalTime
        self.departureTimezone = departureTimezone
        self.arrivalTimezone = arrivalTimezone
        self.duration = duration
        self.prices = prices
        self.availableSeats = availableSeats
        self.amenities = amenities
        self.className = className
        self.tripStops = tripStops
    }

    /// Busbud's own (snake_case) names: spelled out, not converted, as converting every key of
    /// every departure (most of which are never read) costs more than reading the ones that are.
    private enum Keys: String, CodingKey {
        case id, duration, prices, amenities
        case operatorId = "operator_id", originLocationId = "origin_location_id"
        case destinationLocationId = "destination_location_id", departureTime = "departure_time"
        case arrivalTime = "arrival_time", departureTimezone = "departure_timezone"
        case arrivalTimezone = "arrival_timezone", availableSeats = "available_seats", className = "class_name"
        case tripStops = "trip_stops"
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Keys.self)
        guard let id = fields.lenientText(.id), !id.isEmpty else {
            throw DecodingError.keyNotFound(Keys.id, .init(codingPath: fields.codingPath, debugDescription: "id"))
        }
        self.id = id
        departureTime = try fields.decode(String.self, forKey: .departureTime)
        arrivalTime = try fields.decode(String.self, forKey: .arrivalTime)
        prices = try fields.decode(Prices.self, forKey: .prices)
        operatorId = fields.lenientText(.operatorId)
        originLocationId = fields.lenientInt(.originLocationId)
        destinationLocationId = fields.lenientInt(.destinationLocationId)
        departureTimezone = fields.lenientText(.departureTimezone)
        arrivalTimezone = fields.lenientText(.arrivalTimezone)
        duration = fields.lenientInt(.duration).flatMap { $0 >= 0 ? $0 : nil }
        availableSeats = fields.lenientInt(.availableSeats).flatMap { $0 >= 0 ? $0 : nil }
        amenities = fields.lenient(Amenities.self, .amenities)
        className = fields.lenientText(.className)
        tripStops = fields.lenient([Lossy<TripStop>].self, .tripStops)?.compactMap(\.value)
    }
}

import Foundation

/// A departure with everything it refers to looked up and its times read in their zones:
/// what the window and the command line show.
public struct ResolvedDeparture: Hashable, Sendable, Identifiable {
    public var id: String
    /// The operator's display name, else its name; nil while its page has not arrived.
    public var operatorName: String?
    /// Station names; nil while unknown.
    public var originName: String?
    public var destinationName: String?
    /// Where the stations are, when the service says.
    public var originPoint: Coordinate?
    public var destinationPoint: Coordinate?
    public var departure: Date
    public var arrival: Date
    /// Wall-clock times at each end, in that end's zone.
    public var localDeparture: LocalDateTime
    public var localArrival: LocalDateTime
    public var departureZone: TimeZone
    public var arrivalZone: TimeZone
    public var durationMinutes: Int
    /// Calendar days between the local departure day and the local arrival day (1 shows as "+1").
    public var arrivalDayOffset: Int
    public var priceCents: Int
    public var currency: String
    public var availableSeats: Int?
    public var amenities: [String]
    public var className: String?
    public var breakdown: Prices.Breakdown?
    public var stops: [TripStop]

    public var arrivesNextDay: Bool { arrivalDayOffset > 0 }

    /// Whether `travellers` can all book this coach: true unless its seats left are known and fewer.
    public func canSeat(_ travellers: Int) -> Bool {
        availableSeats.map { $0 >= travellers } ?? true
    }
}

extension ResolvedDeparture {
    /// Resolves `departure` against what the search has gathered.
    ///
    /// - Parameters:
    ///   - fallbackZone: used when the departure names no zone (the origin city's, else UTC).
    ///   - currency: the requested currency, used when the price names none.
    /// - Returns: nil when its times cannot be read.
    public init?(_ departure: Departure, operators: [String: Operator], locations: [Int: Location],
                 currency: String, fallbackZone: TimeZone) {
        guard let localDeparture = LocalDateTime(departure.departureTime),
              let localArrival = LocalDateTime(departure.arrivalTime)
        else { return nil }
        let departureZone = departure.departureTimezone.flatMap(TimeZone.init(identifier:)) ?? fallbackZone
        let arrivalZone = departure.arrivalTimezone.flatMap(TimeZone.init(identifier:)) ?? departureZone
        let start = localDeparture.instant(in: departureZone)
        let end = localArrival.instant(in: arrivalZone)
        id = departure.id
        operatorName = departure.operatorId.flatMap { operators[$0]?.shownName }
        originName = departure.originLocationId.flatMap { locations[$0]?.name }
        destinationName = departure.destinationLocationId.flatMap { locations[$0]?.name }
        originPoint = departure.originLocationId.flatMap { locations[$0]?.point }
        destinationPoint = departure.destinationLocationId.flatMap { locations[$0]?.point }
        self.departure = start
        self.arrival = end
        self.localDeparture = localDeparture
        self.localArrival = localArrival
        self.departureZone = departureZone
        self.arrivalZone = arrivalZone
        durationMinutes = departure.duration ?? max(0, Int(end.timeIntervalSince(start) / 60))
        arrivalDayOffset = localDeparture.date.days(to: localArrival.date)
        priceCents = departure.prices.total
        self.currency = departure.prices.currency.flatMap { $0.isEmpty ? nil : $0.uppercased() } ?? currency
        availableSeats = departure.availableSeats
        amenities = departure.amenities?.labels ?? []
        className = departure.className
        breakdown = departure.prices.breakdown
        stops = departure.tripStops ?? []
    }

    /// "2016-07-29T07:00:00-04:00": the instant with its end's own UTC offset.
    public static func iso8601(_ instant: Date, in zone: TimeZone) -> String {
        instant.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone))
    }
}

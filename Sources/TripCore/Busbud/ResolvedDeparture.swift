import Foundation

/// A departure with everything it refers to looked up and its times read in their zones:
/// what the window and the command line show.
///
/// A value whose fields are in one shared object, copied on write: a search holds each departure
/// in several lists at once (all it gathered, those that can seat the travellers, each snapshot
/// given out, the rows made from them), and each list then holds a reference (8 bytes) where it
/// held the fields (408 bytes). The fields that something changes (the names, filled in as their
/// pages arrive; times, places and prices, which tests vary) are settable; the rest are read.
public struct ResolvedDeparture: Hashable, Sendable, Identifiable, CustomDebugStringConvertible {
    private struct Fields: Hashable {
        var id: String
        var operatorName: String?
        var originName: String?
        var destinationName: String?
        var originPoint: Coordinate?
        var destinationPoint: Coordinate?
        var departure: Date
        var arrival: Date
        var localDeparture: LocalDateTime
        var localArrival: LocalDateTime
        var departureZone: TimeZone
        var arrivalZone: TimeZone
        var durationMinutes: Int
        var arrivalDayOffset: Int
        var priceCents: Int
        var currency: String
        var availableSeats: Int?
        var amenities: [String]
        var className: String?
        var breakdown: Prices.Breakdown?
        var stops: [TripStop]
    }

    /// Changed only while one value holds it (`unique()`), hence unchecked: copied on write.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    private init(_ fields: Fields) {
        storage = Storage(fields)
    }

    /// The storage, this value's own: copied first when another value shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public var id: String { storage.fields.id }
    /// The operator's display name, else its name; nil while its page has not arrived.
    public var operatorName: String? {
        get { storage.fields.operatorName }
        set { unique().fields.operatorName = newValue }
    }
    /// Station names; nil while unknown.
    public var originName: String? {
        get { storage.fields.originName }
        set { unique().fields.originName = newValue }
    }
    public var destinationName: String? {
        get { storage.fields.destinationName }
        set { unique().fields.destinationName = newValue }
    }
    /// Where the stations are, when the service says.
    public var originPoint: Coordinate? {
        get { storage.fields.originPoint }
        set { unique().fields.originPoint = newValue }
    }
    public var destinationPoint: Coordinate? {
        get { storage.fields.destinationPoint }
        set { unique().fields.destinationPoint = newValue }
    }
    public var departure: Date {
        get { storage.fields.departure }
        set { unique().fields.departure = newValue }
    }
    public var arrival: Date { storage.fields.arrival }
    /// Wall-clock times at each end, in that end's zone.
    public var localDeparture: LocalDateTime {
        get { storage.fields.localDeparture }
        set { unique().fields.localDeparture = newValue }
    }
    public var localArrival: LocalDateTime { storage.fields.localArrival }
    public var departureZone: TimeZone {
        get { storage.fields.departureZone }
        set { unique().fields.departureZone = newValue }
    }
    public var arrivalZone: TimeZone { storage.fields.arrivalZone }
    public var durationMinutes: Int { storage.fields.durationMinutes }
    /// Calendar days between the local departure day and the local arrival day (1 shows as "+1").
    public var arrivalDayOffset: Int { storage.fields.arrivalDayOffset }
    public var priceCents: Int {
        get { storage.fields.priceCents }
        set { unique().fields.priceCents = newValue }
    }
    public var currency: String {
        get { storage.fields.currency }
        set { unique().fields.currency = newValue }
    }
    public var availableSeats: Int? { storage.fields.availableSeats }
    public var amenities: [String] {
        get { storage.fields.amenities }
        set { unique().fields.amenities = newValue }
    }
    public var className: String? { storage.fields.className }
    public var breakdown: Prices.Breakdown? { storage.fields.breakdown }
    public var stops: [TripStop] { storage.fields.stops }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }

    /// The fields, as a plain struct would print them (a failed test's expectation shows these).
    public var debugDescription: String { String(reflecting: storage.fields) }

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
        self.init(Fields(
            id: departure.id,
            operatorName: departure.operatorId.flatMap { operators[$0]?.shownName },
            originName: departure.originLocationId.flatMap { locations[$0]?.name },
            destinationName: departure.destinationLocationId.flatMap { locations[$0]?.name },
            originPoint: departure.originLocationId.flatMap { locations[$0]?.point },
            destinationPoint: departure.destinationLocationId.flatMap { locations[$0]?.point },
            departure: start,
            arrival: end,
            localDeparture: localDeparture,
            localArrival: localArrival,
            departureZone: departureZone,
            arrivalZone: arrivalZone,
            durationMinutes: departure.duration ?? max(0, Int(end.timeIntervalSince(start) / 60)),
            arrivalDayOffset: localDeparture.date.days(to: localArrival.date),
            priceCents: departure.prices.total,
            currency: departure.prices.currency.flatMap { $0.isEmpty ? nil : $0.uppercased() } ?? currency,
            availableSeats: departure.availableSeats,
            amenities: departure.amenities?.labels ?? [],
            className: departure.className,
            breakdown: departure.prices.breakdown,
            stops: departure.tripStops ?? []))
    }

    /// "2016-07-29T07:00:00-04:00": the instant with its end's own UTC offset.
    public static func iso8601(_ instant: Date, in zone: TimeZone) -> String {
        instant.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone))
    }
}

import TripCore
import TripWords

/// Which departures of a search a person wants to see: the one filter the Search tab and
/// `tripboard departures` share.
///
/// A filter only decides visibility, one departure at a time (`admits`): it never sorts, so rows
/// already on screen keep their places and new pages are filtered as they arrive. Each part left
/// empty or nil lets everything through; the parts that are set must all agree.
public struct DepartureFilter: Hashable, Sendable {
    /// Operators to show, by the name shown for them (`ResolvedDeparture.operatorName`); empty shows
    /// every operator. While some are chosen, a departure whose operator is not yet known is hidden:
    /// it cannot be shown to be one of them.
    public var operators: Set<String>
    /// Parts of the day to show, by the departure city's own clock; empty shows the whole day.
    public var timesOfDay: Set<TimeOfDay>
    /// The earliest departure time to show, in minutes after midnight on the departure city's
    /// clock; inclusive, like a timetable's "from 06:00".
    public var departsAfter: Int?
    /// The time departures must leave before, in minutes after midnight on the departure city's
    /// clock; exclusive, so "after 06:00, before 12:00" is the morning. When it is earlier than
    /// `departsAfter` the window runs through midnight (after 22:00, before 02:00).
    public var departsBefore: Int?
    /// The highest total price to show. A departure priced in another currency cannot be shown to
    /// be under it, so it is hidden (and counted among the hidden, as every hidden departure is).
    public var highestPrice: Price?
    /// Amenities a departure must all have.
    public var amenities: Set<Amenity>

    /// An amount in minor units (cents) of a currency.
    public struct Price: Hashable, Sendable {
        public var minorUnits: Int
        public var currency: String

        public init(minorUnits: Int, currency: String) {
            self.minorUnits = minorUnits
            self.currency = currency.uppercased()
        }
    }

    public init(operators: Set<String> = [], timesOfDay: Set<TimeOfDay> = [], departsAfter: Int? = nil,
                departsBefore: Int? = nil, highestPrice: Price? = nil, amenities: Set<Amenity> = []) {
        self.operators = operators
        self.timesOfDay = timesOfDay
        self.departsAfter = departsAfter
        self.departsBefore = departsBefore
        self.highestPrice = highestPrice
        self.amenities = amenities
    }

    /// How many kinds of filter are set (operators, time of day, departure window, price,
    /// amenities): the number "Filter (2)" shows.
    public var activeCount: Int {
        [!operators.isEmpty, !timesOfDay.isEmpty, departsAfter != nil || departsBefore != nil,
         highestPrice != nil, !amenities.isEmpty].count(where: \.self)
    }

    /// Whether any part is set, so some departure could be hidden.
    public var isActive: Bool { activeCount > 0 }

    /// Whether `departure` is shown. Its time is read from `localDeparture`, the wall-clock time
    /// the service gave for the departure city, never through the machine's time zone.
    public func admits(_ departure: ResolvedDeparture) -> Bool {
        if !operators.isEmpty {
            guard let name = departure.operatorName, operators.contains(name) else { return false }
        }
        let minute = departure.localDeparture.hour * 60 + departure.localDeparture.minute
        if !timesOfDay.isEmpty, !timesOfDay.contains(TimeOfDay(minuteOfDay: minute)) { return false }
        if !Self.window(after: departsAfter, before: departsBefore, contains: minute) { return false }
        if let highestPrice {
            guard departure.currency.uppercased() == highestPrice.currency,
                  departure.priceCents <= highestPrice.minorUnits else { return false }
        }
        if !amenities.isEmpty {
            let offered = Set(departure.amenities.compactMap(Amenity.init(serviceName:)))
            guard amenities.isSubset(of: offered) else { return false }
        }
        return true
    }

    /// Whether `minute` (after midnight) falls in the window; a window whose end comes before its
    /// start runs through midnight.
    static func window(after: Int?, before: Int?, contains minute: Int) -> Bool {
        switch (after, before) {
        case (nil, nil): true
        case (let after?, nil): minute >= after
        case (nil, let before?): minute < before
        case (let after?, let before?) where after < before: minute >= after && minute < before
        case (let after?, let before?): minute >= after || minute < before
        }
    }

    /// Operators found among `departures`, with how many departures each runs, by name: what the
    /// operator choices list. Departures whose operator is not yet known are not counted.
    public static func operatorCounts(_ departures: some Sequence<ResolvedDeparture>) -> [OperatorCount] {
        operatorCounts(named: departures.lazy.map(\.operatorName))
    }

    /// The same from the departures' operators alone (a departure is large to copy).
    public static func operatorCounts(named operators: some Sequence<String?>) -> [OperatorCount] {
        var counts: [String: Int] = [:]
        for name in operators {
            if let name { counts[name, default: 0] += 1 }
        }
        return counts.map { OperatorCount(name: $0.key, count: $0.value) }
            .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    /// This filter with each chosen operator written as `found` writes it, when they differ only
    /// in case ("greyhound" on the command line is the search's "Greyhound"); names found nowhere
    /// stay as given.
    public func matchingOperators(of found: [OperatorCount]) -> DepartureFilter {
        var copy = self
        copy.operators = Set(operators.map { given in
            found.first { $0.name.lowercased() == given.lowercased() }?.name ?? given
        })
        return copy
    }

    /// An operator of the search and how many of its departures were found.
    public struct OperatorCount: Hashable, Sendable {
        public var name: String
        public var count: Int
        /// "Greyhound (5)": the check button's label and accessible name.
        public var label: String { FilterWords.choice(name, count: count) }
    }
}

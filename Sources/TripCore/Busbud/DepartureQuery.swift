/// A one-way departures search: two cities by geohash, a day, travellers, currency and language.
public struct DepartureQuery: Hashable, Sendable {
    public var origin: String
    public var destination: String
    public var date: LocalDate
    public var adults: Int
    public var children: Int
    public var seniors: Int
    /// ISO 4217 code prices are asked in; a departure may still answer in another.
    public var currency: String
    /// Language of names, e.g. "en" or "fr".
    public var language: String

    public init(origin: String, destination: String, date: LocalDate, adults: Int = 1, children: Int = 0,
                seniors: Int = 0, currency: String = "USD", language: String = "en") {
        self.origin = origin
        self.destination = destination
        self.date = date
        self.adults = adults
        self.children = children
        self.seniors = seniors
        self.currency = currency
        self.language = language
    }

    /// The currencies and languages the form offers.
    public static let currencies = ["USD", "CAD", "EUR"]
    public static let languages: [(code: String, name: String)] = [("en", "English"), ("fr", "Français")]

    /// Everyone travelling. Saturates rather than overflowing, so a query with absurd counts can
    /// still be asked for its `problem` (which checks each count before their sum).
    public var travellers: Int {
        var total = 0
        for count in [adults, children, seniors] {
            let (sum, overflow) = total.addingReportingOverflow(count)
            guard !overflow else { return count < 0 ? Int.min : Int.max }
            total = sum
        }
        return total
    }

    /// How many days ahead a service sells seats: a search may ask for today up to this many days on.
    public static let daysSold = 365

    /// The days a search may ask for, given `today` (the searcher's day): today, and the next
    /// `daysSold` days.
    public static func bookableDays(today: LocalDate) -> ClosedRange<LocalDate> {
        today...today.adding(days: daysSold)
    }

    /// Why a search cannot be sent.
    public enum Problem: Sendable, Equatable {
        case sameCity
        case missingCity
        case negativeTravellers
        /// More travellers than a search may have (`SettingKey.travellerRange`'s top).
        case tooManyTravellers(most: Int)
        case noTraveller
        case noCurrency
        /// The day asked for is before `today`; searches may ask for `today` to `until`.
        case inThePast(LocalDate, today: LocalDate, until: LocalDate)
        /// The day asked for is after `until`: coaches are sold `daysSold` days ahead.
        case tooFarAhead(LocalDate, daysSold: Int, until: LocalDate)
    }

    /// Why this search cannot be sent; nil when it can. The day is not looked at: see
    /// `problem(today:)`.
    public var problem: Problem? {
        if origin == destination { return .sameCity }
        if origin.isEmpty || destination.isEmpty { return .missingCity }
        // Each count first, so their sum is never taken of absurd numbers.
        if adults < 0 || children < 0 || seniors < 0 { return .negativeTravellers }
        let most = SettingKey.travellerRange.upperBound
        if adults > most || children > most || seniors > most || travellers > most {
            return .tooManyTravellers(most: most)
        }
        if travellers == 0 { return .noTraveller }
        if currency.count != 3 { return .noCurrency }
        return nil
    }

    /// Why this search cannot be sent on the day it asks for, given `today`, or any other reason
    /// `problem` gives: a day in the past, or further ahead than services sell
    /// (`bookableDays(today:)`). Nil when it can be sent.
    public func problem(today: LocalDate) -> Problem? {
        if let problem { return problem }
        let days = Self.bookableDays(today: today)
        if date < days.lowerBound { return .inThePast(date, today: days.lowerBound, until: days.upperBound) }
        if date > days.upperBound { return .tooFarAhead(date, daysSold: Self.daysSold, until: days.upperBound) }
        return nil
    }
}

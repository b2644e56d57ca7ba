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

    /// The brief's search: New York to Montréal on 29 July 2016, one adult, in US dollars (the
    /// captured fixtures' day; the app and the command line start from today).
    public static let standard = DepartureQuery(
        origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29))

    /// The currencies and languages the form offers.
    public static let currencies = ["USD", "CAD", "EUR"]
    public static let languages: [(code: String, name: String)] = [("en", "English"), ("fr", "Français")]

    public var travellers: Int { adults + children + seniors }

    /// Why this search cannot be sent, in plain words; nil when it can.
    public var problem: String? {
        if origin == destination { return "Choose two different cities." }
        if origin.isEmpty || destination.isEmpty { return "Choose where from and where to." }
        if adults < 0 || children < 0 || seniors < 0 { return "Traveller counts cannot be negative." }
        if travellers == 0 { return "Add at least one traveller." }
        if travellers > 20 { return "Book groups of more than 20 travellers with the operator." }
        if currency.count != 3 { return "Choose a currency." }
        return nil
    }
}

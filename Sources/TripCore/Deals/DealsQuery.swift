import Foundation

/// The body of a holiday-deals search, as the provider's API documents it.
public struct DealsQuery: Sendable, Equatable, Encodable {
    /// Midnight UTC of the first night.
    public var checkInDate: Date
    /// Days either side of `checkInDate` the provider may search.
    public var flexibility: Int
    /// Nights.
    public var duration: Int
    public var adults: Int
    public var domainId: Int
    public var cultureCode: String
    /// ISO 4217; prices come back in this currency.
    public var currencyCode: String
    /// IATA codes of the airports the traveller can fly from.
    public var originAirports: [String]
    public var fieldFlags: Int
    public var includeAggregates: Bool

    public init(checkInDate: Date, flexibility: Int = 3, duration: Int = 7, adults: Int = 2,
                domainId: Int = 1, cultureCode: String = "en-gb", currencyCode: String = "GBP",
                originAirports: [String] = ["LHR", "LCY", "LGW", "LTN", "STN", "SEN"],
                fieldFlags: Int = 8_143_571, includeAggregates: Bool = true) {
        self.checkInDate = checkInDate
        self.flexibility = flexibility
        self.duration = duration
        self.adults = adults
        self.domainId = domainId
        self.cultureCode = cultureCode
        self.currencyCode = currencyCode
        self.originAirports = originAirports
        self.fieldFlags = fieldFlags
        self.includeAggregates = includeAggregates
    }

    /// The default search: a week for two from London airports, checking in four weeks after `now`.
    public static func standard(now: Date) -> DealsQuery {
        let utc = Calendar.gregorian(in: .gmt)
        let day = utc.startOfDay(for: now)
        return DealsQuery(checkInDate: utc.date(byAdding: .day, value: 28, to: day)!)
    }

    enum CodingKeys: String, CodingKey {
        case checkInDate = "CheckInDate", flexibility = "Flexibility", duration = "Duration",
             adults = "Adults", domainId = "DomainId", cultureCode = "CultureCode",
             currencyCode = "CurrencyCode", originAirports = "OriginAirports",
             fieldFlags = "FieldFlags", includeAggregates = "IncludeAggregates"
    }

    /// JSON as the service expects it, dates as "2016-11-01T00:00:00.000Z".
    public func jsonBody() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(
                Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!)))
        }
        // Encoding plain numbers, strings and a date cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }
}

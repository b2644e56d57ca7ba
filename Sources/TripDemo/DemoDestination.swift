import Foundation

/// A holiday destination in the demo catalogue (data/deals/destinations.json).
struct DemoDestination: Decodable, Sendable {
    var type: Int
    var id: Int
    var title: String
    /// Hotels with offers in an average week.
    var hotels: Int
    /// Cheapest seven nights for two in GBP, in shoulder season.
    var from: Decimal
    var position: Int

    enum CodingKeys: String, CodingKey {
        case type, id, title, hotels, from, position
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(Int.self, forKey: .type)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        hotels = try container.decode(Int.self, forKey: .hotels)
        let price = try container.decode(String.self, forKey: .from)
        guard let amount = Decimal(string: price, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingError.dataCorruptedError(forKey: .from, in: container, debugDescription: "not a price: \(price)")
        }
        from = amount
        position = try container.decode(Int.self, forKey: .position)
    }
}

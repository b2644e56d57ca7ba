import Foundation

extension DealsResult {
    /// Reads a deals search response.
    ///
    /// Accepts both the bare `{"HotelsByChildDestination": {…}}` of the published brief and the
    /// `{"Aggregates": {"HotelsByChildDestination": {…}}}` the real service sends. An entry needs a
    /// good key, a title and a price; without them it is left out, counted and the first reason
    /// kept. Its hotel count and position are details (missing, they show as unknown and the deal
    /// goes last). When every entry is unreadable the answer is a decoding error. A body that is
    /// not that shape at all is a decoding error. `MinPrice` keeps the service's decimal digits.
    public static func decode(_ body: Data, currency: String,
                              imageURL: (DealKey) -> URL? = { _ in nil }) throws(APIError) -> DealsResult {
        let envelope: WireEnvelope
        do {
            envelope = try JSONDecoder().decode(WireEnvelope.self, from: body)
        } catch {
            throw .decoding(DecodingFailure.describe(error))
        }
        var deals: [Deal] = []
        var leftOut = LeftOut(count: 0, reason: nil)
        for (keyText, entry) in envelope.destinations.sorted(by: { $0.key < $1.key }) {
            guard let key = DealKey(keyText), let wire = entry.value else {
                leftOut.count += 1
                leftOut.reason = leftOut.reason ?? (DealKey(keyText) == nil ? .notADestinationKey(keyText)
                                                    : entry.failure ?? .unreadableEntry(keyText))
                continue
            }
            deals.append(Deal(key: key, title: wire.title, count: wire.count, minPrice: wire.minPrice,
                              currency: currency, position: wire.position, imageURL: imageURL(key)))
        }
        try leftOut.check(readable: deals.count, .deal)
        return DealsResult(deals: deals, leftOut: leftOut)
    }
}

/// The response body, in either of its two shapes.
private struct WireEnvelope: Decodable {
    var destinations: [String: Lossy<WireDeal>]

    private enum Keys: String, CodingKey {
        case Aggregates, HotelsByChildDestination
    }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Keys.self)
        let holder = root.contains(.Aggregates)
            ? try root.nestedContainer(keyedBy: Keys.self, forKey: .Aggregates)
            : root
        destinations = try holder.decode([String: Lossy<WireDeal>].self, forKey: .HotelsByChildDestination)
    }
}

/// One destination as the service spells it: a title and a price are required, the rest are details.
private struct WireDeal: Decodable {
    var title: String
    var count: Int?
    var minPrice: Decimal
    var position: Int?

    private enum Keys: String, CodingKey {
        case Title, Count, MinPrice, Position
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Keys.self)
        guard let title = fields.lenientText(.Title)?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else {
            throw DecodingError.keyNotFound(Keys.Title, .init(codingPath: fields.codingPath, debugDescription: "Title"))
        }
        let price = fields.lenient(Decimal.self, .MinPrice) ?? fields.lenientText(.MinPrice).flatMap { Decimal(string: $0) }
        guard let price, price >= 0 else {
            throw DecodingError.keyNotFound(Keys.MinPrice, .init(codingPath: fields.codingPath, debugDescription: "MinPrice"))
        }
        self.title = title
        minPrice = price
        count = fields.lenientInt(.Count).flatMap { $0 >= 0 ? $0 : nil }
        position = fields.lenientInt(.Position)
    }
}

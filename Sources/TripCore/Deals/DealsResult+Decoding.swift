import Foundation

extension DealsResult {
    /// Reads a deals search response.
    ///
    /// Accepts both the bare `{"HotelsByChildDestination": {…}}` of the published brief and the
    /// `{"Aggregates": {"HotelsByChildDestination": {…}}}` the real service sends. An entry with a
    /// bad key or missing or mistyped fields is skipped and counted; a body that is not that shape
    /// at all is a decoding error. `MinPrice` keeps the service's decimal digits.
    public static func decode(_ body: Data, currency: String,
                              imageURL: (DealKey) -> URL? = { _ in nil }) throws(APIError) -> DealsResult {
        let envelope: WireEnvelope
        do {
            envelope = try JSONDecoder().decode(WireEnvelope.self, from: body)
        } catch {
            throw .decoding(DecodingFailure.describe(error))
        }
        var deals: [Deal] = []
        var skipped = 0
        for (keyText, entry) in envelope.destinations {
            guard let key = DealKey(keyText), let entry = entry.value else {
                skipped += 1
                continue
            }
            deals.append(Deal(key: key, title: entry.Title, count: entry.Count, minPrice: entry.MinPrice,
                              currency: currency, position: entry.Position, imageURL: imageURL(key)))
        }
        return DealsResult(deals: deals, skipped: skipped)
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

/// One destination as the service spells it.
private struct WireDeal: Decodable {
    var Title: String
    var Count: Int
    var MinPrice: Decimal
    var Position: Int
}

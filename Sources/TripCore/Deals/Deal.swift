import Foundation

/// A holiday deal for one destination: how many hotels and the cheapest price found there.
public struct Deal: Hashable, Sendable, Identifiable {
    public var key: DealKey
    /// Shown as plain text, never as markup.
    public var title: String
    /// Number of hotels with offers at this destination; nil when the service did not say.
    public var count: Int?
    /// The lowest price exactly as the service sent it (not rounded).
    public var minPrice: Decimal
    /// ISO 4217 code of `minPrice`: the currency the search asked for.
    public var currency: String
    /// The provider's ordering; lower comes first (nil: after the others).
    public var position: Int?
    /// Where the destination's picture is, when an image template is configured.
    public var imageURL: URL?

    public var id: DealKey { key }

    public init(key: DealKey, title: String, count: Int?, minPrice: Decimal, currency: String,
                position: Int?, imageURL: URL? = nil) {
        self.key = key
        self.title = title
        self.count = count
        self.minPrice = minPrice
        self.currency = currency
        self.position = position
        self.imageURL = imageURL
    }
}

import Foundation
import TripCore
import TripWords

/// One deal as the Deals list shows it, every string ready to display.
public struct DealRow: Sendable, Equatable, Identifiable {
    public var id: DealKey
    public var title: String
    /// "234 hotels"; empty when the service did not say
    public var hotels: String
    /// "from £184.96"
    public var price: String
    public var imageURL: URL?

    public init(_ deal: Deal, formatter: PriceFormatter) {
        id = deal.key
        title = deal.title
        hotels = deal.count.map { Plural.counted($0, "%ld hotel", "%ld hotels") } ?? ""
        // TRANSLATORS: the lowest price of a deal: "from £184.96".
        price = tr("from %1$@").filled(formatter.string(deal.minPrice, currency: deal.currency))
        imageURL = deal.imageURL
    }

    /// What a screen reader says for the row: "Morocco, 234 hotels, from £184.96".
    public var accessibleName: String { [title, hotels, price].filter { !$0.isEmpty }.joined(separator: ", ") }
}

/// The deals a search found, in the provider's order, and how many entries were unusable.
public struct DealsResult: Sendable, Equatable {
    /// Sorted by `position`, then title, so equal positions keep a stable order.
    public var deals: [Deal]
    /// Entries that were present but malformed and so left out.
    public var skipped: Int

    public init(deals: [Deal], skipped: Int = 0) {
        self.deals = deals.sorted { ($0.position, $0.title) < ($1.position, $1.title) }
        self.skipped = skipped
    }
}

/// The deals a search found, in the provider's order, and what could not be read.
public struct DealsResult: Sendable, Equatable {
    /// Sorted by `position` (deals without one last), then title, so equal positions keep a stable order.
    public var deals: [Deal]
    /// Entries that were present but lacked what a deal needs, and so left out.
    public var leftOut: LeftOut
    /// When the deals arrived, and whether they were kept from earlier; nil when not tracked.
    public var provenance: Provenance?

    /// How many entries were left out.
    public var skipped: Int { leftOut.count }

    public init(deals: [Deal], leftOut: LeftOut = LeftOut(count: 0, reason: nil), provenance: Provenance? = nil) {
        self.deals = deals.sorted { ($0.position ?? .max, $0.title) < ($1.position ?? .max, $1.title) }
        self.leftOut = leftOut
        self.provenance = provenance
    }

    public init(deals: [Deal], skipped: Int) {
        self.init(deals: deals, leftOut: LeftOut(count: skipped, reason: nil))
    }
}

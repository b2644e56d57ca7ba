/// Finds holiday deals. `KeptDeals` over `DealsClient` is the real one; tests script their own.
public protocol DealsSearching: Sendable {
    func fetchDeals(_ query: DealsQuery) async throws(APIError) -> DealsResult
    /// The deals kept for `query` from an earlier ask, to show while asking afresh; nil when none.
    func keptDeals(_ query: DealsQuery) async -> DealsResult?
}

extension DealsSearching {
    public func keptDeals(_ query: DealsQuery) async -> DealsResult? { nil }
}

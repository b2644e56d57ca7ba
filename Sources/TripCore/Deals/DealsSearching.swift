/// Finds holiday deals. `DealsClient` is the real one; tests script their own.
public protocol DealsSearching: Sendable {
    func fetchDeals(_ query: DealsQuery) async throws(APIError) -> DealsResult
}

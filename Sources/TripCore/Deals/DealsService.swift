/// Finds holiday deals. `DealsClient` is the real one; tests script their own.
public protocol DealsService: Sendable {
    func fetchDeals(_ query: DealsQuery) async throws(APIError) -> DealsResult
}

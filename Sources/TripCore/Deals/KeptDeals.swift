import Foundation

/// Deals from `client`, each answer kept; when the network fails, the deals kept for the same
/// query, marked with their age (`DealsResult.provenance`).
public struct KeptDeals: DealsSearching {
    public var client: DealsClient
    public var keeper: AnswerKeeper

    public init(client: DealsClient, keeper: AnswerKeeper) {
        self.client = client
        self.keeper = keeper
    }

    public func fetchDeals(_ query: DealsQuery) async throws(APIError) -> DealsResult {
        let client = client
        var (result, provenance) = try await keeper.answer(key(query)) { () async throws(APIError) in
            try await client.received(query)
        } read: { body throws(APIError) in
            try client.read(body, query)
        }
        result.provenance = provenance
        return result
    }

    public func keptDeals(_ query: DealsQuery) async -> DealsResult? {
        let client = client
        guard let (found, provenance) = await keeper.shownFirst(key(query), read: { body throws(APIError) in try client.read(body, query) })
        else { return nil }
        var result = found
        result.provenance = provenance
        return result
    }

    private func key(_ query: DealsQuery) -> AnswerKey {
        .deals(query, source: client.endpoint)
    }
}

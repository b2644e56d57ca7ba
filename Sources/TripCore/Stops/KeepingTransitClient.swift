import Foundation

/// A transit client whose arrivals are kept; when the network fails, a stop's kept arrivals stand
/// in, marked with their age (`ArrivalsResult.provenance`). Everything else is the client's own.
public struct KeepingTransitClient: TransitClient {
    public let client: any ArrivalsKeeping
    public let keeper: AnswerKeeper

    public init(_ client: any ArrivalsKeeping, keeper: AnswerKeeper) {
        self.client = client
        self.keeper = keeper
    }

    public var provider: any TransitProvider { client.provider }

    public func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult {
        let client = client
        var (result, provenance) = try await keeper.answer(key(stopID)) { () async throws(APIError) in
            try await client.receivedArrivals(at: stopID)
        } read: { body throws(APIError) in
            try client.arrivals(reading: body)
        }
        result.provenance = provenance
        return result
    }

    public func keptArrivals(at stopID: String) async -> ArrivalsResult? {
        let client = client
        guard let (found, provenance) = await keeper.shownFirst(key(stopID), read: { body throws(APIError) in
            try client.arrivals(reading: body)
        }) else { return nil }
        var result = found
        result.provenance = provenance
        return result
    }

    public func searchStops(matching text: String) async throws(APIError) -> [TransitStop] {
        try await client.searchStops(matching: text)
    }

    public func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] {
        try await client.stops(near: point, radius: radius)
    }

    public func stop(_ stopID: String) async throws(APIError) -> TransitStop? {
        try await client.stop(stopID)
    }

    private func key(_ stopID: String) -> AnswerKey {
        .arrivals(service: client.provider.id, source: client.baseURL, stop: stopID)
    }
}

extension TransitClient {
    /// The client underneath a keeping one (for what only that service does).
    public var unkept: any TransitClient {
        (self as? KeepingTransitClient)?.client ?? self
    }
}

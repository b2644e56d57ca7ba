import TripCore

/// Asks many stops for their arrivals at once, a few at a time to each service: the favourites
/// tab's refresh and `tripboard favourites` both go through it.
@MainActor
public enum ArrivalsFanOut {
    /// Arrivals requests in flight at once to one service, at most: a person's favourites at one
    /// service all at once, up to twenty, so a refresh takes one answer's time. Over HTTP/2 (TfL's
    /// API) they share one connection; over HTTP/1.1 URLSession opens up to six connections to a
    /// host and queues the rest. Each service (TfL, TramTracker) has its own: London's stops never
    /// wait behind Melbourne's, nor Melbourne's behind London's.
    public static let maxInFlight = 20

    /// Asks each stop's service (by the stop's provider) for its arrivals, at most `maxInFlight`
    /// at once to each service, each service's stops in the order of `keys`, and gives each answer
    /// to `land` as it comes, on the main actor. A stop whose provider has no service in `services`
    /// lands as a failure.
    public static func fetch(_ keys: [StopKey], from services: [ServiceID: any TransitClient],
                             maxInFlight: Int = maxInFlight,
                             land: (StopKey, Result<ArrivalsResult, APIError>) -> Void) async {
        await withTaskGroup(of: (StopKey, Result<ArrivalsResult, APIError>).self) { group in
            var pending = Dictionary(grouping: keys, by: \.provider).mapValues { $0[...] }
            func startNext(for provider: ServiceID) {
                guard let key = pending[provider]?.popFirst() else { return }
                let service = services[key.provider]
                group.addTask {
                    guard let service else { return (key, .failure(.service(.noStopService(key.provider)))) }
                    return (key, await .of { () async throws(APIError) in try await service.arrivals(at: key.stopID) })
                }
            }
            var providers: [ServiceID] = []
            for key in keys where !providers.contains(key.provider) { providers.append(key.provider) }
            for provider in providers {
                for _ in 0..<maxInFlight { startNext(for: provider) }
            }
            for await (key, outcome) in group {
                land(key, outcome)
                startNext(for: key.provider)
            }
        }
    }

    /// Every stop's arrivals, in the order of `keys`.
    public static func fetchAll(_ keys: [StopKey], from services: [ServiceID: any TransitClient])
        async -> [Result<ArrivalsResult, APIError>] {
        var outcomes: [StopKey: Result<ArrivalsResult, APIError>] = [:]
        await fetch(keys, from: services) { key, outcome in outcomes[key] = outcome }
        return keys.map { outcomes[$0]! }
    }

    /// `services` by the provider each serves; the first wins when two serve one.
    public static func byProvider(_ services: [any TransitClient]) -> [ServiceID: any TransitClient] {
        Dictionary(services.map { ($0.provider.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

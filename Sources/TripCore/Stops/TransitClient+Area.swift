extension TransitClient {
    /// The stops inside `box`, nearest its centre first, each with its `distance` from the centre.
    ///
    /// Asks `stops(near:radius:)` round the box's centre, with the radius that reaches its corners
    /// held to what the service accepts (`nearbyRadii`): a box wider than that gives only the stops
    /// within the largest radius. Stops with no coordinate cannot be placed, so are left out.
    public func stops(in box: GeoBox) async throws(APIError) -> [TransitStop] {
        let accepted = provider.nearbyRadii
        let radius = min(accepted.upperBound, max(accepted.lowerBound, Int(box.radius.rounded(.up))))
        let centre = box.centre
        return try await stops(near: centre, radius: radius)
            .compactMap { stop -> TransitStop? in
                guard let there = stop.coordinate, box.contains(there) else { return nil }
                var inside = stop
                inside.distance = centre.distance(to: there)
                return inside
            }
            .sorted { $0.distance! < $1.distance! }
    }
}

/// What one service answered for an area: its stops, or why it could not say.
public struct AreaAnswer: Sendable {
    public var provider: any TransitProvider
    public var outcome: Result<[TransitStop], APIError>

    public init(provider: any TransitProvider, outcome: Result<[TransitStop], APIError>) {
        self.provider = provider
        self.outcome = outcome
    }

    /// The stops of every answer inside `box`, nearest its centre first (ties in the services' order).
    public static func nearestFirst(_ answers: [AreaAnswer]) -> [TransitStop] {
        let stops = answers.flatMap { (try? $0.outcome.get()) ?? [] }
        return stops.enumerated()
            .sorted { ($0.element.distance ?? .infinity, $0.offset) < ($1.element.distance ?? .infinity, $1.offset) }
            .map(\.element)
    }
}

extension GeoBox {
    /// Asks every one of `clients` that finds stops nearby for the stops inside the box, all at
    /// once; the answers come back in the clients' order, one per service asked, failures included.
    public func ask(_ clients: [any TransitClient]) async -> [AreaAnswer] {
        let asked = clients.filter(\.provider.findsStopsNearby)
        let box = self
        return await withTaskGroup(of: (Int, AreaAnswer).self) { group in
            for (index, client) in asked.enumerated() {
                group.addTask {
                    let outcome: Result<[TransitStop], APIError>
                    do throws(APIError) {
                        outcome = .success(try await client.stops(in: box))
                    } catch {
                        outcome = .failure(error)
                    }
                    return (index, AreaAnswer(provider: client.provider, outcome: outcome))
                }
            }
            var answers: [(Int, AreaAnswer)] = []
            for await answer in group { answers.append(answer) }
            return answers.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }
}

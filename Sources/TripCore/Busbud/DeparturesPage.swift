import Foundation

/// One answer of `x-departures` or its `poll`: the departures found so far and whether that is all.
///
/// Only the first answer carries `cities` and `locations`; poll pages carry operators and departures.
public struct DeparturesPage: Sendable, Equatable {
    public var cities: [City]
    public var locations: [Location]
    public var operators: [Operator]
    public var departures: [Departure]
    /// How many departures the body held, malformed ones included: what the next poll's `index` counts.
    public var received: Int
    /// Departures left out because they were malformed.
    public var skipped: Int
    public var complete: Bool
    /// False when the service does not serve the pair of cities at all.
    public var isValidRoute: Bool

    public init(cities: [City] = [], locations: [Location] = [], operators: [Operator] = [],
                departures: [Departure] = [], received: Int? = nil, skipped: Int = 0,
                complete: Bool, isValidRoute: Bool = true) {
        self.cities = cities
        self.locations = locations
        self.operators = operators
        self.departures = departures
        self.received = received ?? departures.count + skipped
        self.skipped = skipped
        self.complete = complete
        self.isValidRoute = isValidRoute
    }
}

extension DeparturesPage {
    /// Reads a response body. Unknown fields are ignored; a malformed departure, city, location or
    /// operator is left out (departures are counted); a body without `departures` or `complete`
    /// is a decoding error.
    public static func decode(_ body: Data) throws(APIError) -> DeparturesPage {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            let wire = try decoder.decode(WirePage.self, from: body)
            let departures = wire.departures.compactMap(\.value)
            return DeparturesPage(
                cities: (wire.cities ?? []).compactMap(\.value),
                locations: (wire.locations ?? []).compactMap(\.value),
                operators: (wire.operators ?? []).compactMap(\.value),
                departures: departures,
                received: wire.departures.count,
                skipped: wire.departures.count - departures.count,
                complete: wire.complete,
                isValidRoute: wire.isValidRoute ?? true)
        } catch {
            throw .decoding(DecodingFailure.describe(error))
        }
    }
}

private struct WirePage: Decodable {
    var cities: [Lossy<City>]?
    var locations: [Lossy<Location>]?
    var operators: [Lossy<Operator>]?
    var departures: [Lossy<Departure>]
    var complete: Bool
    var isValidRoute: Bool?
}

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
    /// Departures left out because they lacked what a row needs.
    public var skipped: Int
    /// Why the first of them could not be read.
    public var skipReason: DecodingProblem?
    public var complete: Bool
    /// False when the service does not serve the pair of cities at all.
    public var isValidRoute: Bool
    /// How many seconds the answer holds (Busbud's `ttl`, 900 in its answers); nil when not said.
    public var ttl: Int?

    public init(cities: [City] = [], locations: [Location] = [], operators: [Operator] = [],
                departures: [Departure] = [], received: Int? = nil, skipped: Int = 0, skipReason: DecodingProblem? = nil,
                complete: Bool, isValidRoute: Bool = true, ttl: Int? = nil) {
        self.cities = cities
        self.locations = locations
        self.operators = operators
        self.departures = departures
        self.received = received ?? departures.count + skipped
        self.skipped = skipped
        self.skipReason = skipReason
        self.complete = complete
        self.isValidRoute = isValidRoute
        self.ttl = ttl
    }
}

extension DeparturesPage {
    /// Reads a response body. Unknown fields are ignored; a departure without what a row needs
    /// (see `Departure`) is left out, counted, and the first reason kept; a city, location or
    /// operator that cannot be read is left out (its names then show as unknown); a body without
    /// `departures` or `complete` is a decoding error.
    public static func decode(_ body: Data) throws(APIError) -> DeparturesPage {
        // Most pages are the plain documented shape, which a reader over the bytes takes quickly;
        // anything else is read the thorough way below, which also says what is wrong.
        if let page = DeparturesFastReader.read(body) { return page }
        return try decodeThoroughly(body)
    }

    /// The `JSONDecoder` reading, with every tolerance and every reason (tests compare the two readings).
    static func decodeThoroughly(_ body: Data) throws(APIError) -> DeparturesPage {
        do {
            let wire = try JSONDecoder().decode(WirePage.self, from: body)
            let departures = wire.departures.readable()
            return DeparturesPage(
                cities: (wire.cities ?? []).compactMap(\.value),
                locations: (wire.locations ?? []).compactMap(\.value),
                operators: (wire.operators ?? []).compactMap(\.value),
                departures: departures.values,
                received: wire.departures.count,
                skipped: departures.skipped,
                skipReason: departures.reason,
                complete: wire.complete,
                isValidRoute: wire.isValidRoute ?? true,
                ttl: wire.ttl?.value)
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
    /// A ttl of another type degrades only itself.
    var ttl: Lossy<Int>?

    private enum CodingKeys: String, CodingKey {
        case cities, locations, operators, departures, complete, ttl, isValidRoute = "is_valid_route"
    }
}

import Foundation

/// Talks to Yarra Trams' TramTracker (Melbourne trams) over any `HTTPTransport`.
///
/// It asks for a device token once and keeps it, in `keeper` across launches when given one; a
/// request rejected for its token gets one fresh token and one retry, never a loop. Stop search reads the shipped table of stops
/// (`KnownTramStops`), since the service has no search by name.
public final class TramTrackerClient: ArrivalsKeeping {
    public static let liveBaseURL = URL(string: "http://ws3.tramtracker.com.au/TramTracker/RestService")!
    static let appID = "TTIOSJSON"

    public let transport: any HTTPTransport
    /// Base URL; its path is kept on every request.
    public let baseURL: URL
    public let stops: [TransitStop]
    private let tokens: DeviceTokens

    /// - Parameters:
    ///   - token: a token to start from, instead of the kept one.
    ///   - keeper: where the token is kept across launches, under a key naming `baseURL`.
    public init(transport: any HTTPTransport, baseURL: URL = TramTrackerClient.liveBaseURL,
                stops: [TransitStop] = KnownTramStops.all, token: String? = nil, keeper: (any ValueStore)? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.stops = stops
        tokens = DeviceTokens(current: token, keeper: keeper, key: "tramtracker-device-token \(baseURL.absoluteString)")
    }

    public var provider: any TransitProvider { TramTrackerProvider() }

    /// The token in use, if one was fetched, kept or given.
    public var currentToken: String? { get async { await tokens.current } }

    /// How many times `GetDeviceToken` was asked (at most one a run, or two after a rejection).
    public var tokensRequested: Int { get async { await tokens.requested } }

    /// Every coming tram at `stopID`, soonest first; `route` "0" asks for every route.
    public func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult {
        try await predictions(stop: stopID, route: "0")
    }

    public func predictions(stop: String, route: String) async throws(APIError) -> ArrivalsResult {
        try await receivedPredictions(stop: stop, route: route).result
    }

    public func receivedArrivals(at stopID: String) async throws(APIError) -> (result: ArrivalsResult, body: Data) {
        try await receivedPredictions(stop: stopID, route: "0")
    }

    public func arrivals(reading body: Data) throws(APIError) -> ArrivalsResult {
        let envelope = try Self.decode(TramPrediction.self, body)
        if envelope.hasError { throw .service(envelope.errorMessage.map(ServiceRefusal.said) ?? .noReasonGiven) }
        try envelope.leftOut.check(readable: envelope.items.count, .prediction)
        return ArrivalsResult(arrivals: envelope.items.map(\.arrival), leftOut: envelope.leftOut)
    }

    private func receivedPredictions(stop: String, route: String) async throws(APIError) -> (result: ArrivalsResult, body: Data) {
        var tokenUsed = try await deviceToken()
        for attempt in 0..<2 {
            let url = url(["GetNextPredictedRoutesCollection", stop, route, "false"],
                          query: [("aid", Self.appID), ("cid", "2"), ("tkn", tokenUsed)])
            let body = try await fetchBody(url)
            let envelope = try Self.decode(TramPrediction.self, body)
            if envelope.hasError, let message = envelope.errorMessage, Self.isTokenRejection(message), attempt == 0 {
                tokenUsed = try await deviceToken(replacing: tokenUsed)
                continue
            }
            return (try arrivals(reading: body), body)
        }
        throw .service(.freshTokenRejected)
    }

    public func searchStops(matching text: String) async throws(APIError) -> [TransitStop] {
        let wanted = Self.folded(text)
        guard !wanted.isEmpty else { return [] }
        return stops.filter { $0.stopID == wanted || Self.folded($0.name).contains(wanted) }
    }

    public func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] {
        stops.compactMap { stop -> TransitStop? in
            guard let there = stop.coordinate else { return nil }
            var found = stop
            found.distance = point.distance(to: there)
            return found.distance! <= Double(radius) ? found : nil
        }
        .sorted { $0.distance! < $1.distance! }
    }

    public func stop(_ stopID: String) async throws(APIError) -> TransitStop? {
        stops.first { $0.stopID == stopID }
    }

    /// The token in use, or a new one from `GetDeviceToken` (also when `replacing` is the one in use).
    private func deviceToken(replacing rejected: String? = nil) async throws(APIError) -> String {
        do {
            return try await tokens.token(replacing: rejected) { [self] () async throws(APIError) -> String in
                try await freshToken()
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw .transport(.system(error.localizedDescription))
        }
    }

    /// Asks `GetDeviceToken` for a new token (a connection test; the one in use stays).
    public func freshToken() async throws(APIError) -> String {
        let envelope = try await fetch(TramTrackerToken.self,
                                       url(["GetDeviceToken"], query: [("aid", Self.appID), ("devInfo", "Tripboard")]))
        if envelope.hasError { throw .service(envelope.errorMessage.map(ServiceRefusal.said) ?? .noDeviceToken) }
        guard let fresh = envelope.items.first?.token else { throw .decoding(.noDeviceToken) }
        return fresh
    }

    static func isTokenRejection(_ message: String) -> Bool {
        message.lowercased().contains("token")
    }

    /// `base/segment/…/` with the query, as the service writes its paths.
    func url(_ segments: [String], query: [(String, String)]) -> URL {
        baseURL.appendingSegments(segments, trailingSlash: true, query: query.map { URLQueryItem(name: $0.0, value: $0.1) })
    }

    private func fetch<Item: Decodable>(_ type: Item.Type, _ url: URL) async throws(APIError) -> TramTrackerEnvelope<Item> {
        try Self.decode(type, try await fetchBody(url))
    }

    private func fetchBody(_ url: URL) async throws(APIError) -> Data {
        try await transport.send(HTTPRequest(url: url, headers: ["Accept": "application/json"])).jsonBody()
    }

    private static func decode<Item: Decodable>(_ type: Item.Type, _ body: Data) throws(APIError) -> TramTrackerEnvelope<Item> {
        do {
            return try JSONDecoder().decode(TramTrackerEnvelope<Item>.self, from: body)
        } catch {
            throw .decoding(DecodingFailure.describe(error))
        }
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}

/// The device token: one in use, shared by concurrent requests; at most one `GetDeviceToken` in
/// flight; the kept one tried before asking for a new one, and a new one kept.
private actor DeviceTokens {
    private(set) var current: String?
    private(set) var requested = 0
    private let keeper: (any ValueStore)?
    private let key: String
    private var keptTried = false
    private var pending: Task<String, any Error>?

    init(current: String?, keeper: (any ValueStore)?, key: String) {
        self.current = current
        self.keeper = keeper
        self.key = key
        keptTried = current != nil
    }

    func token(replacing rejected: String?,
               fetch: @escaping @Sendable () async throws(APIError) -> String) async throws -> String {
        if let current, current != rejected { return current }
        if let pending { return try await pending.value }
        let tryKept = !keptTried
        keptTried = true
        let task = Task { [keeper, key] () async throws -> String in
            if tryKept, let kept = await keeper?.value(for: key), !kept.isEmpty { return kept }
            await self.countRequest()
            let fresh = try await fetch()
            await keeper?.setValue(fresh, for: key)
            return fresh
        }
        pending = task
        defer { pending = nil }
        let token = try await task.value
        current = token
        return token
    }

    private func countRequest() {
        requested += 1
    }
}

import Foundation
import Synchronization

/// Talks to Yarra Trams' TramTracker (Melbourne trams) over any `HTTPTransport`.
///
/// It asks for a device token once and keeps it; a request rejected for its token gets one fresh
/// token and one retry, never a loop. Stop search reads the shipped table of stops
/// (`KnownTramStops`), since the service has no search by name.
public final class TramTrackerClient: StopService {
    public static let liveBaseURL = URL(string: "http://ws3.tramtracker.com.au/TramTracker/RestService")!
    static let appID = "TTIOSJSON"

    public let transport: any HTTPTransport
    /// Base URL; its path is kept on every request.
    public let baseURL: URL
    public let stops: [TransitStop]
    private let token = Mutex<String?>(nil)
    private let tokenRequests = Mutex(0)

    public init(transport: any HTTPTransport, baseURL: URL = TramTrackerClient.liveBaseURL,
                stops: [TransitStop] = KnownTramStops.all, token: String? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.stops = stops
        self.token.withLock { $0 = token }
    }

    public var provider: StopProvider { .tramTracker }

    /// The token in use, if one was fetched or given (to keep across launches).
    public var currentToken: String? { token.withLock { $0 } }

    /// How many times a token was asked for (one per run, or two after a rejection).
    public var tokensRequested: Int { tokenRequests.withLock { $0 } }

    /// Every coming tram at `stopID`, soonest first; `route` "0" asks for every route.
    public func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult {
        try await predictions(stop: stopID, route: "0")
    }

    public func predictions(stop: String, route: String) async throws(APIError) -> ArrivalsResult {
        var tokenUsed = try await deviceToken()
        for attempt in 0..<2 {
            let url = url(["GetNextPredictedRoutesCollection", stop, route, "false"],
                          query: [("aid", Self.appID), ("cid", "2"), ("tkn", tokenUsed)])
            let envelope = try await fetch(TramPrediction.self, url)
            if envelope.hasError {
                let message = envelope.errorMessage ?? "no reason given"
                if Self.isTokenRejection(message), attempt == 0 {
                    tokenUsed = try await deviceToken(replacing: tokenUsed)
                    continue
                }
                throw .service(message)
            }
            let arrivals = envelope.items.compactMap(\.arrival)
            return ArrivalsResult(arrivals: arrivals, skipped: envelope.skipped)
        }
        throw .service("TramTracker rejected a fresh device token")
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

    /// The kept token, or a new one from `GetDeviceToken` (also when `replacing` is the one kept).
    private func deviceToken(replacing rejected: String? = nil) async throws(APIError) -> String {
        if let kept = token.withLock({ $0 }), kept != rejected { return kept }
        tokenRequests.withLock { $0 += 1 }
        let envelope = try await fetch(TramTrackerToken.self,
                                       url(["GetDeviceToken"], query: [("aid", Self.appID), ("devInfo", "Tripboard")]))
        if envelope.hasError { throw .service(envelope.errorMessage ?? "TramTracker gave no device token") }
        guard let fresh = envelope.items.first?.token else { throw .decoding("no device token in the answer") }
        token.withLock { $0 = fresh }
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
        let response = try await transport.send(HTTPRequest(url: url, headers: ["Accept": "application/json"]))
        do {
            return try JSONDecoder().decode(TramTrackerEnvelope<Item>.self, from: response.body)
        } catch {
            throw .decoding(DecodingFailure.describe(error))
        }
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}

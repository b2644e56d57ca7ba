import Foundation

/// Talks to the TfL Unified API (London buses) over any `HTTPTransport`.
public struct TfLClient: ArrivalsKeeping {
    public static let liveBaseURL = URL(string: "https://api.tfl.gov.uk")!
    /// Search matches resolved to their stops, at most; TfL ranks the best matches first.
    static let resolvedMatches = 8

    public var transport: any HTTPTransport
    /// Base URL; a path on it is kept.
    public var baseURL: URL
    /// Sent as the `app_key` query parameter when set. Never printed or logged.
    public var appKey: String?

    public init(transport: any HTTPTransport, baseURL: URL = Self.liveBaseURL, appKey: String? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.appKey = appKey
    }

    public var provider: any TransitProvider { TfLProvider() }

    public func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult {
        try await receivedArrivals(at: stopID).result
    }

    public func receivedArrivals(at stopID: String) async throws(APIError) -> (result: ArrivalsResult, body: Data) {
        let body: Data
        do {
            body = try await get(["StopPoint", stopID, "Arrivals"])
        } catch .httpStatus(404, _) {
            throw .service(.unknownStop(stopID, service: "TfL"))
        }
        return (try arrivals(reading: body), body)
    }

    public func arrivals(reading body: Data) throws(APIError) -> ArrivalsResult {
        let predictions: [Lossy<TfLPrediction>]
        do {
            predictions = try JSONDecoder().decode([Lossy<TfLPrediction>].self, from: body)
        } catch {
            throw .decoding(DecodingFailure.describe(error))
        }
        let read = predictions.readable()
        let leftOut = LeftOut(count: read.skipped, reason: read.reason)
        try leftOut.check(readable: read.values.count, .prediction)
        return ArrivalsResult(arrivals: read.values.map(\.arrival), leftOut: leftOut)
    }

    public func searchStops(matching text: String) async throws(APIError) -> [TransitStop] {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return [] }
        let matches = try decode(TfLSearchResponse.self, try await get(["StopPoint", "Search", query]))
            .matches.compactMap(\.id).prefix(Self.resolvedMatches)
        // Areas resolve to their lettered stops, all matches at once; the matches' order is kept.
        let resolved = await withTaskGroup(of: (Int, Result<[TransitStop], APIError>).self) { group in
            for (index, id) in matches.enumerated() {
                group.addTask {
                    (index, await .of { () async throws(APIError) in try await stopsOf(id) })
                }
            }
            var found: [Int: Result<[TransitStop], APIError>] = [:]
            for await (index, stops) in group { found[index] = stops }
            return found
        }
        // One area that cannot be resolved fails the search only when nothing else was found.
        let stops = (0..<matches.count).compactMap { try? resolved[$0]?.get() }.flatMap { $0 }
        if stops.isEmpty, let failure = resolved.values.compactMap({ result -> APIError? in
            if case .failure(let error) = result { error } else { nil }
        }).first {
            throw failure
        }
        var seen = Set<String>()
        return stops.filter { seen.insert($0.stopID).inserted }
    }

    public func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] {
        let body = try await get(["StopPoint"], query: [
            URLQueryItem(name: "lat", value: String(point.latitude)),
            URLQueryItem(name: "lon", value: String(point.longitude)),
            URLQueryItem(name: "stopTypes", value: "NaptanPublicBusCoachTram"),
            URLQueryItem(name: "radius", value: String(radius)),
        ])
        return try decode(TfLStopPointsResponse.self, body).stopPoints
            .compactMap { stop -> TransitStop? in
                guard var found = stop.transitStop else { return nil }
                if found.distance == nil, let there = found.coordinate { found.distance = point.distance(to: there) }
                return found
            }
            .sorted { ($0.distance ?? .infinity) < ($1.distance ?? .infinity) }
    }

    public func stop(_ stopID: String) async throws(APIError) -> TransitStop? {
        do {
            return try await stopsOf(stopID).first { $0.stopID == stopID }
        } catch .httpStatus(404, _) {
            return nil
        }
    }

    /// The lettered stops of an area or station (or the stop itself), through `/StopPoint/{id}`.
    func stopsOf(_ id: String) async throws(APIError) -> [TransitStop] {
        try decode(TfLStopPoint.self, try await get(["StopPoint", id])).stops.compactMap(\.transitStop)
    }

    /// The request URL, with the app key when there is one.
    func url(_ segments: [String], query: [URLQueryItem] = []) -> URL {
        var items = query
        if let appKey, !appKey.isEmpty { items.append(URLQueryItem(name: "app_key", value: appKey)) }
        return baseURL.appendingSegments(segments, query: items)
    }

    private func get(_ segments: [String], query: [URLQueryItem] = []) async throws(APIError) -> Data {
        let request = HTTPRequest(url: url(segments, query: query), headers: ["Accept": "application/json"])
        do {
            return try await transport.send(request).jsonBody()
        } catch {
            throw error.masking(appKey)
        }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, _ body: Data) throws(APIError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw .decoding(DecodingFailure.describe(error))
        }
    }
}

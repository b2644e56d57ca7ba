import Foundation

/// Talks to Busbud's `x-departures` endpoints over any `HTTPTransport`.
public struct BusbudClient: Sendable {
    public static let accept = "application/vnd.busbud+json; version=2; profile=https://schema.busbud.com/v2/"

    public var transport: any HTTPTransport
    /// Base URL; a path on it is kept (`https://host/prefix` → `https://host/prefix/x-departures/…`).
    public var baseURL: URL
    /// Sent as `X-Busbud-Token` when set.
    public var token: String?

    public init(transport: any HTTPTransport, baseURL: URL, token: String? = nil) {
        self.transport = transport
        self.baseURL = baseURL
        self.token = token
    }

    /// The first answer of a search: cities, locations, operators and the first departures.
    public func search(_ query: DepartureQuery) async throws(APIError) -> DeparturesPage {
        try await page(query, index: nil).page
    }

    /// A later page; `index` is how many departures have arrived so far, duplicates included.
    public func poll(_ query: DepartureQuery, index: Int) async throws(APIError) -> DeparturesPage {
        try await page(query, index: index).page
    }

    /// The first answer (`index` nil) or a later page, and the body it was read from.
    public func page(_ query: DepartureQuery, index: Int?) async throws(APIError) -> (page: DeparturesPage, body: Data) {
        try await fetch(url(for: query, poll: index != nil, index: index))
    }

    func url(for query: DepartureQuery, poll: Bool, index: Int?) -> URL {
        let segments = ["x-departures", query.origin, query.destination, query.date.description] + (poll ? ["poll"] : [])
        var items = [
            URLQueryItem(name: "adult", value: String(query.adults)),
            URLQueryItem(name: "child", value: String(query.children)),
            URLQueryItem(name: "senior", value: String(query.seniors)),
            URLQueryItem(name: "lang", value: query.language),
            URLQueryItem(name: "currency", value: query.currency),
        ]
        if let index { items.append(URLQueryItem(name: "index", value: String(index))) }
        return baseURL.appendingSegments(segments, query: items)
    }

    private func fetch(_ url: URL) async throws(APIError) -> (page: DeparturesPage, body: Data) {
        var headers = ["Accept": Self.accept]
        if let token, !token.isEmpty { headers["X-Busbud-Token"] = token }
        let response: HTTPResponse
        do {
            response = try await transport.send(HTTPRequest(url: url, headers: headers))
        } catch {
            throw error.masking(token)
        }
        let body = try response.jsonBody()
        return (try DeparturesPage.decode(body), body)
    }
}

import Foundation

/// Talks to a holiday-deals search endpoint over any `HTTPTransport`.
public struct DealsClient: DealsSearching {
    public var transport: any HTTPTransport
    /// The full search address, used as given (query string included).
    public var endpoint: URL
    public var imageTemplate: ImageURLTemplate?
    /// Size of the pictures asked for, in pixels.
    public var imageSize: (width: Int, height: Int)

    public init(transport: any HTTPTransport, endpoint: URL, imageTemplate: ImageURLTemplate?,
                imageSize: (width: Int, height: Int) = (240, 160)) {
        self.transport = transport
        self.endpoint = endpoint
        self.imageTemplate = imageTemplate
        self.imageSize = imageSize
    }

    public func fetchDeals(_ query: DealsQuery) async throws(APIError) -> DealsResult {
        try await received(query).result
    }

    /// The deals for `query`, and the body they were read from (kept for when the network is gone).
    public func received(_ query: DealsQuery) async throws(APIError) -> (result: DealsResult, body: Data) {
        let request = HTTPRequest(
            method: .post, url: endpoint,
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: query.jsonBody())
        let body = try await transport.send(request).jsonBody()
        return (try read(body, query), body)
    }

    /// Deals read from a body this endpoint sent for `query` (just now, or kept from earlier).
    public func read(_ body: Data, _ query: DealsQuery) throws(APIError) -> DealsResult {
        let template = imageTemplate
        let size = imageSize
        return try DealsResult.decode(body, currency: query.currencyCode) { key in
            template?.url(for: key, width: size.width, height: size.height)
        }
    }
}

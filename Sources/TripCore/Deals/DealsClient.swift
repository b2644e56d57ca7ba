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
        let request = HTTPRequest(
            method: .post, url: endpoint,
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: query.jsonBody())
        let response = try await transport.send(request)
        let template = imageTemplate
        let size = imageSize
        return try DealsResult.decode(response.jsonBody(), currency: query.currencyCode) { key in
            template?.url(for: key, width: size.width, height: size.height)
        }
    }
}

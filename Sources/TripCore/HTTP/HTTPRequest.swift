import Foundation

/// One HTTP request as the service clients describe it, independent of how it is sent.
public struct HTTPRequest: Sendable, Equatable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    public var url: URL
    /// Header names are compared case-insensitively by servers; keep them as the API documents them.
    public var headers: [String: String]
    public var body: Data?

    public init(method: Method = .get, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

extension URL {
    /// This URL with `segments` added to its path, each percent-encoded as one segment, the base's
    /// own path kept, and `query` as its query (each name and value whole, "&", "=" and "+" included).
    ///
    /// Everything but RFC 3986's unreserved characters is encoded, so a stop name carrying "/",
    /// "?", "#", "%", "+", "&", ";" or any non-ASCII letter reaches the service as the one segment it
    /// is; a segment of dots only ("." or "..") has its dots encoded too, so nothing on the way can
    /// read it as a step up the path.
    func appendingSegments(_ segments: [String], trailingSlash: Bool = false,
                           query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)!
        let prefix = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = prefix + "/"
            + segments.map(Self.percentEncodedSegment).joined(separator: "/")
            + (trailingSlash ? "/" : "")
        components.queryItems = query.isEmpty ? nil : query
        // URLComponents leaves "+" as it is in a query, which servers read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    /// RFC 3986's unreserved characters: the only ones a path segment carries as they are.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `segment` with every character outside `unreserved` percent-encoded as UTF-8.
    static func percentEncodedSegment(_ segment: String) -> String {
        if !segment.isEmpty, segment.allSatisfy({ $0 == "." }) {
            return String(repeating: "%2E", count: segment.count)
        }
        return segment.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}

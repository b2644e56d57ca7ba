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
    /// This URL with `segments` added to its path, each percent-encoded as one segment (a "/" in a
    /// stop name stays inside its segment), the base's own path kept, and `query` as its query.
    func appendingSegments(_ segments: [String], trailingSlash: Bool = false,
                           query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)!
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        let prefix = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = prefix + "/"
            + segments.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "/")
            + (trailingSlash ? "/" : "")
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }
}

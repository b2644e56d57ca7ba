import Foundation

extension URL {
    /// The path's segments, split on the "/" actually sent and only then percent-decoded, so an
    /// encoded "/" (`%2F`) stays inside its segment; nil when a segment is not valid
    /// percent-encoded UTF-8. Empty segments (a doubled or trailing "/") are dropped.
    ///
    /// (`URL.path` decodes before anyone can split it: "Waterloo Station %2F Tenison Way" would
    /// come back as two segments.)
    var decodedPathSegments: [String]? {
        let raw = URLComponents(url: self, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        var segments: [String] = []
        for part in raw.split(separator: "/") {
            guard let segment = part.removingPercentEncoding else { return nil }
            segments.append(segment)
        }
        return segments
    }
}

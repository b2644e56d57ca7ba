import Foundation

/// A complete HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    /// The largest body any transport accepts (16 MiB); a longer one is `APIError.tooLarge`.
    public static let maxBodyBytes = 16 << 20

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The response itself when its status is 2xx; otherwise `APIError.httpStatus` (or
    /// `.throttled` for 429, with its `Retry-After` seconds). Every transport calls this, so
    /// clients only ever see successful responses. A 4xx carries the reason its error body gives
    /// (`ServiceReason`); a 5xx does not, as its body speaks of the service's insides, not the request.
    public func requireSuccess() throws(APIError) -> HTTPResponse {
        if status == 429 { throw .throttled(retryAfter: header("Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }) }
        guard (200..<300).contains(status) else {
            throw .httpStatus(status, reason: (400..<500).contains(status) ? ServiceReason.read(from: self) : nil)
        }
        return self
    }

    /// The body, when it can be JSON: an empty answer, or a web page where data was expected (a
    /// proxy's or captive portal's error page, or a wrong address), is `APIError.decoding` saying so.
    public func jsonBody() throws(APIError) -> Data {
        guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw .decoding(.emptyAnswer)
        }
        let type = header("Content-Type")?.lowercased() ?? ""
        if type.contains("html") || first == UInt8(ascii: "<") {
            throw .decoding(.webPage)
        }
        return body
    }

    /// A header's value, its name compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

import Foundation

/// A complete HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The response itself when its status is 2xx; otherwise `APIError.httpStatus` (or
    /// `.throttled` for 429, with its `Retry-After` seconds). Every transport calls this, so
    /// clients only ever see successful responses.
    public func requireSuccess() throws(APIError) -> HTTPResponse {
        if status == 429 { throw .throttled(retryAfter: header("Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }) }
        guard (200..<300).contains(status) else { throw .httpStatus(status) }
        return self
    }

    /// A header's value, its name compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

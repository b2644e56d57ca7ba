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

    /// The response itself when its status is 2xx; otherwise `APIError.httpStatus`.
    /// Every transport calls this, so clients only ever see successful responses.
    public func requireSuccess() throws(APIError) -> HTTPResponse {
        guard (200..<300).contains(status) else { throw .httpStatus(status) }
        return self
    }
}

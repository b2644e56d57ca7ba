/// Sends an `HTTPRequest` and returns the complete response.
///
/// The one way the app reaches any service: the live URLSession transport, the in-process demo
/// service and test fakes all conform. A conforming type throws `APIError.transport` when no
/// response arrives and `APIError.httpStatus` for any status outside 2xx, and honours task
/// cancellation.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse
}

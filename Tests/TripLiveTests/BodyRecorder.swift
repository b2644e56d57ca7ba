import Foundation
import Synchronization
import TripCore

/// Passes requests on to another transport and keeps the body of every successful answer.
final class BodyRecorder: HTTPTransport {
    private let inner: any HTTPTransport
    private let kept = Mutex<[Data]>([])

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    /// The bodies, in the order they came.
    var bodies: [Data] { kept.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let response = try await inner.send(request)
        kept.withLock { $0.append(response.body) }
        return response
    }
}

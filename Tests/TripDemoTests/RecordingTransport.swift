import Foundation
import Synchronization
import Testing
import TripCore
import TripDemo

/// Sends requests to a demo service in-process and keeps every answer's body, refusals included,
/// to see what the service itself was given and said.
final class RecordingTransport: HTTPTransport {
    private let service: DemoService
    private let kept = Mutex<[Data]>([])

    init(_ service: DemoService) {
        self.service = service
    }

    /// The bodies of the answers, in the order they came.
    var bodies: [Data] { kept.withLock { $0 } }

    /// The first answer's body as a JSON object.
    func firstObject() throws -> [String: Any] {
        let body = try #require(bodies.first)
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let response = await service.respond(to: request)
        kept.withLock { $0.append(response.body) }
        return try response.requireSuccess()
    }
}

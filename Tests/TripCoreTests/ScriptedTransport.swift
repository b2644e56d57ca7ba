import Foundation
import Synchronization
@testable import TripCore

/// A transport that records what it was sent and answers from a script.
final class ScriptedTransport: HTTPTransport {
    private let answers: Mutex<[Result<HTTPResponse, APIError>]>
    private let sent = Mutex<[HTTPRequest]>([])

    init(_ answers: [Result<HTTPResponse, APIError>]) {
        self.answers = Mutex(answers)
    }

    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        sent.withLock { $0.append(request) }
        let answer = answers.withLock { $0.isEmpty ? .failure(.transport("script ran out")) : $0.removeFirst() }
        return try answer.get().requireSuccess()
    }
}

extension Result where Success == HTTPResponse, Failure == APIError {
    /// A 200 answer carrying one of our fixtures.
    static func fixture(_ name: String) throws -> Self {
        .success(HTTPResponse(status: 200, body: try Fixture.data(name)))
    }
}

/// A clock whose sleeps return at once, moving its time forward by what was asked.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = Mutex(Instant(offset: .zero))
    var now: Instant { current.withLock { $0 } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
    }
}

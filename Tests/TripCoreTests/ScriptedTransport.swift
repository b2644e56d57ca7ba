import Foundation
import Synchronization
import Testing
@testable import TripCore

/// A transport that records what it was sent and answers from a script; a request past the end
/// of the script fails the test. Requests sent at once (a task group) arrive in any order, so their
/// answers are scripted by the URL's path instead: each path answers once.
final class ScriptedTransport: HTTPTransport {
    private let answers: Mutex<[Result<HTTPResponse, APIError>]>
    private let answersByPath: Mutex<[String: Result<HTTPResponse, APIError>]>
    private let sent = Mutex<[HTTPRequest]>([])

    init(_ answers: [Result<HTTPResponse, APIError>]) {
        self.answers = Mutex(answers)
        answersByPath = Mutex([:])
    }

    init(byPath answers: [String: Result<HTTPResponse, APIError>]) {
        self.answers = Mutex([])
        answersByPath = Mutex(answers)
    }

    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        sent.withLock { $0.append(request) }
        let byPath = answersByPath.withLock { $0.removeValue(forKey: request.url.path) }
        guard let answer = byPath ?? answers.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            Issue.record("\(request.url) was sent, but the script had no answer left for it")
            throw .transport(.system("script ran out"))
        }
        return try answer.get().requireSuccess()
    }
}

extension Result where Success == HTTPResponse, Failure == APIError {
    /// A 200 answer carrying one of our fixtures.
    static func fixture(_ name: String) throws -> Self {
        .success(HTTPResponse(status: 200, body: try Fixture.data(name)))
    }
}

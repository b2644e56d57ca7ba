import Foundation
import Testing
@testable import TripCore
import TestSupport

/// Trying again where it can help, and only there, on a clock that never really sleeps.
struct RetryingTransportTests {
    static let get = HTTPRequest(url: URL(string: "https://api.example/StopPoint/1/Arrivals")!)
    static let post = HTTPRequest(method: .post, url: URL(string: "https://deals.example/search")!, body: Data("{}".utf8))
    static let ok = Result<HTTPResponse, APIError>.success(HTTPResponse(status: 200, body: Data("[]".utf8)))

    static func status(_ code: Int, headers: [String: String] = [:]) -> Result<HTTPResponse, APIError> {
        .success(HTTPResponse(status: code, headers: headers))
    }

    func retrying(_ answers: [Result<HTTPResponse, APIError>], jitter: Double = 0)
        -> (RetryingTransport, ScriptedTransport, SteppedClock) {
        let inner = ScriptedTransport(answers)
        let clock = SteppedClock(sleepsEndAtOnce: true)
        return (RetryingTransport(inner, clock: clock, jitter: { jitter }), inner, clock)
    }

    /// 503, 502, 504 and a dropped connection are tried again, waiting longer each time (with jitter).
    @Test func unavailableAndDroppedAreTriedAgainWithGrowingWaits() async throws {
        let (transport, inner, clock) = retrying([Self.status(503), .failure(.connectionLost), Self.ok])
        let response = try await transport.send(Self.get)
        #expect(response.status == 200)
        #expect(inner.requests.count == 3)
        // 0.5 s then 1 s, each between half and all of that by the jitter (0 here: half).
        #expect(clock.now.offset == .milliseconds(250 + 500))
    }

    /// After the last try the error is the service's own: said as it is, not hidden.
    @Test func triesAreBounded() async {
        let (transport, inner, _) = retrying([Self.status(503), Self.status(503), Self.status(503), Self.ok])
        await #expect(throws: APIError.httpStatus(503)) { _ = try await transport.send(Self.get) }
        #expect(inner.requests.count == 3)
    }

    /// 429 waits what Retry-After asks, up to a cap; asked to wait longer, the error is shown instead.
    @Test func tooManyRequestsHonoursRetryAfterUpToACap() async throws {
        let (transport, inner, clock) = retrying([Self.status(429, headers: ["retry-after": "3"]), Self.ok])
        _ = try await transport.send(Self.get)
        #expect(inner.requests.count == 2)
        #expect(clock.now.offset == .seconds(3))

        let (patient, asked, _) = retrying([Self.status(429, headers: ["Retry-After": "120"]), Self.ok])
        await #expect(throws: APIError.throttled(retryAfter: 120)) { _ = try await patient.send(Self.get) }
        #expect(asked.requests.count == 1)
    }

    /// A POST is sent once: the deals search is not known to be safe to repeat.
    @Test func postsAreNeverRepeated() async {
        let (transport, inner, _) = retrying([Self.status(503), Self.ok])
        await #expect(throws: APIError.httpStatus(503)) { _ = try await transport.send(Self.post) }
        #expect(inner.requests.count == 1)
    }

    /// What another try cannot fix is not tried again: a refusal, a bad body, a timeout, a bad address.
    @Test(arguments: [Result<HTTPResponse, APIError>.success(HTTPResponse(status: 404)),
                      .success(HTTPResponse(status: 401)), .success(HTTPResponse(status: 500)),
                      .failure(.transport(.timedOut(seconds: 15))), .failure(.decoding(.other("x")))])
    func otherFailuresAreNotRetried(answer: Result<HTTPResponse, APIError>) async {
        let (transport, inner, _) = retrying([answer, Self.ok])
        await #expect(throws: APIError.self) { _ = try await transport.send(Self.get) }
        #expect(inner.requests.count == 1)
    }

    /// Waits never exceed the cap, whatever the jitter.
    @Test func waitsAreCapped() {
        let transport = RetryingTransport(ScriptedTransport([]), clock: SteppedClock(sleepsEndAtOnce: true), attempts: 10, jitter: { 0.999 })
        #expect(transport.delay(after: .httpStatus(503), try: 9) == .seconds(10))
        #expect(transport.delay(after: .httpStatus(503), try: 1)! < .milliseconds(500))
        #expect(transport.delay(after: .httpStatus(503), try: 1)! > .milliseconds(490))
    }

    /// A try that takes too long is given up with a plain reason, whatever transport is underneath.
    @Test func aHangingTryIsGivenUp() async {
        let transport = RetryingTransport(HangingTransport(), clock: SteppedClock(sleepsEndAtOnce: true), timeLimit: TimeLimit(.milliseconds(100)))
        await #expect(throws: APIError.transport(.timedOut(seconds: 0))) { _ = try await transport.send(Self.get) }
    }
}

/// A transport that never answers until it is cancelled: it sleeps on a clock nobody moves.
struct HangingTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        do { try await SteppedClock().sleep(for: .seconds(600)) } catch { throw .cancelled }
        throw .transport(.system("woke up"))
    }
}

import Synchronization

/// Every request's time limit, and trying a GET again when that can help: the service was
/// unavailable (502, 503, 504), asked for fewer requests (429, waiting what its `Retry-After`
/// says, up to a cap), or the connection dropped. Waits grow exponentially with jitter, on an
/// injected clock. Other requests (the deals POST) are sent once: repeating them is not known to
/// be harmless. The limit holds for every transport alike, the in-process demo included.
public struct RetryingTransport: HTTPTransport {
    public let inner: any HTTPTransport
    public let clock: any Clock<Duration>
    /// Tries in all, the first included.
    public let attempts: Int
    /// The wait before the second try; each later wait doubles it.
    public let firstDelay: Duration
    /// No wait is longer than this; a `Retry-After` asking for more is not waited for (the error is shown).
    public let maxDelay: Duration
    /// How long one try may take before it is given up (real time); nil for no limit.
    public let timeLimit: TimeLimit?
    /// A number in 0..<1 per wait, spreading retries of many clients apart.
    private let jitter: @Sendable () -> Double

    public init(_ inner: any HTTPTransport, clock: any Clock<Duration> = ContinuousClock(), attempts: Int = 3,
                firstDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(10), timeLimit: TimeLimit? = nil,
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.timeLimit = timeLimit
        self.inner = inner
        self.clock = clock
        self.attempts = attempts
        self.firstDelay = firstDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
    }

    public func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        guard request.method == .get else { return try await once(request) }
        var tries = 0
        while true {
            do {
                return try await once(request)
            } catch {
                tries += 1
                guard tries < attempts, let wait = delay(after: error, try: tries) else { throw error }
                do { try await clock.sleep(for: wait) } catch { throw .cancelled }
            }
        }
    }

    /// One try, given up after `timeLimit`.
    private func once(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        guard let timeLimit = timeLimit?.duration else { return try await inner.send(request) }
        let inner = inner
        let outcome = await withTaskGroup(of: Result<HTTPResponse, APIError>?.self) { group in
            group.addTask {
                await .of { () async throws(APIError) in try await inner.send(request) }
            }
            group.addTask {
                // A sleep that takes its timer away when the answer comes first: `Task.sleep`'s
                // would wake the process at the limit all the same.
                do { try await WorkerPool.shared.sleep(for: timeLimit) } catch { return nil }
                return .failure(.transport(.timedOut(seconds: Int(timeLimit.components.seconds))))
            }
            defer { group.cancelAll() }
            for await finished in group {
                if let finished { return finished }
            }
            return Result<HTTPResponse, APIError>.failure(.cancelled)
        }
        if Task.isCancelled { throw .cancelled }
        return try outcome.get()
    }

    /// How long to wait after the `try`-th failure with `error`; nil when trying again cannot help.
    func delay(after error: APIError, try number: Int) -> Duration? {
        let backoff = firstDelay * (1 << (number - 1))
        let spread = backoff * (0.5 + jitter() / 2)
        switch error {
        case .httpStatus(502, _), .httpStatus(503, _), .httpStatus(504, _), .connectionLost:
            return min(spread, maxDelay)
        case .throttled(let seconds):
            guard let seconds else { return min(spread, maxDelay) }
            let asked = Duration.seconds(seconds)
            return asked <= maxDelay ? max(asked, .zero) : nil
        default:
            return nil
        }
    }
}

/// How long one try of a request may take: the Time limit setting, changed in place while
/// requests use it (a try that has started keeps the limit it started with).
public final class TimeLimit: Sendable {
    private let value: Mutex<Duration>

    public init(_ duration: Duration) {
        value = Mutex(duration)
    }

    public var duration: Duration {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

/// "Latest request wins" for one concern of a view model (a load, a search): starting a request
/// cancels the one before it, and only the latest request may publish its answer.
///
/// ```swift
/// private let loading = LatestRequest()
///
/// loading.start { try await service.fetchDeals(query) } deliver: { [weak self] outcome in
///     self?.finish(outcome)        // never called for a request superseded or cancelled
/// }
/// ```
///
/// The answer of an older request is dropped even when its work ignores cancellation and
/// finishes anyway. For work that publishes more than once (a stream of pages), use
/// `start(_:)` and check `turn.isCurrent` after each `await`.
@MainActor
public final class LatestRequest {
    /// One started request, handed to its work so it can tell whether it is still the latest.
    @MainActor
    public struct Turn {
        fileprivate weak var owner: LatestRequest?
        fileprivate let number: Int

        /// Whether no newer request started and `cancel()` was not called since this one began.
        /// Publish only while this holds.
        public var isCurrent: Bool { owner?.started == number }
    }

    private var task: Task<Void, Never>?
    private var started = 0

    public init() {}

    /// Whether the latest request is still running: started, and neither finished nor cancelled.
    public var isRunning: Bool { task != nil }

    /// Cancels the request before, if any, and starts `work` on the main actor.
    public func start(_ work: @escaping @MainActor (Turn) async -> Void) {
        task?.cancel()
        started += 1
        let turn = Turn(owner: self, number: started)
        task = Task {
            await work(turn)
            if turn.isCurrent { self.task = nil }
        }
    }

    /// Cancels the request before, if any, and runs `operation` (off the main actor); `deliver`
    /// gets its outcome on the main actor only if this is still the latest request by then.
    public func start<Success: Sendable, Failure: Error>(
        _ operation: @escaping @Sendable () async throws(Failure) -> Success,
        deliver: @escaping @MainActor (Result<Success, Failure>) -> Void
    ) {
        start { turn in
            let outcome: Result<Success, Failure>
            do throws(Failure) {
                outcome = .success(try await operation())
            } catch {
                outcome = .failure(error)
            }
            if turn.isCurrent { deliver(outcome) }
        }
    }

    /// Cancels the running request, if any: nothing it answers from now on is delivered.
    public func cancel() {
        task?.cancel()
        task = nil
        started += 1
    }

    /// Waits until the latest request started so far has ended (for tests and for quitting).
    public func wait() async {
        await task?.value
    }
}

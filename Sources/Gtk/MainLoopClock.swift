import CGtk
import Synchronization

/// A clock whose sleeps end on the GLib main loop: a GLib timeout wakes the main thread alone,
/// where `ContinuousClock` wakes libdispatch's timer and worker threads, which then wake the main
/// thread. For the window's once-a-second countdown that is a handful of wake-ups a second fewer.
/// Its instants are `ContinuousClock`'s.
///
/// `sleep(until:isolation:)` goes to sleep on the caller's actor, with no hop there. Its end still
/// passes through the shared pool: a continuation resumed from a GLib callback is enqueued there
/// before the task hops back to its actor, so each sleep wakes a worker thread once. A countdown
/// uses `countDown(from:tick:)`, whose ticks run in the timeout's callback itself.
/// `sleep(until:tolerance:)`, the `Clock` requirement, is nonisolated and so runs on the shared pool.
public struct MainLoopClock: Clock {
    public typealias Duration = Swift.Duration
    public typealias Instant = ContinuousClock.Instant

    public init() {}

    public var now: Instant { ContinuousClock.now }
    public var minimumResolution: Duration { .milliseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleep(until: deadline, isolation: nil)
    }

    /// Sleeps until `deadline` without leaving `isolation`: the timeout ends the sleep on the main
    /// thread, and the caller goes on where it was.
    public func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
        try Task.checkCancellation()
        let delay = now.duration(to: deadline)
        guard delay > .zero else { return }
        let (seconds, attoseconds) = delay.components
        let milliseconds = UInt32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        let waiter = Waiter()
        try await wait(for: waiter, timeout: milliseconds, isolation: isolation, data: { UserDataBox.retained(waiter) }) { data in
            UserDataBox<Waiter>.unbox(data).value.end(with: nil)
            return 0 // G_SOURCE_REMOVE
        }
    }

    /// Counts `seconds` down on one repeating main-loop timeout that calls `tick` itself, once a
    /// second; returns after the tick that says 0, or throws `CancellationError` when the task is
    /// cancelled first (no tick after that). A sleep a second would resume the task each time,
    /// which goes through the shared pool (a worker thread woken, then a hop back to the main
    /// thread); this wakes the main thread alone.
    @MainActor
    public func countDown(from seconds: Int, tick: @escaping @MainActor (Int) -> Void) async throws {
        try Task.checkCancellation()
        guard seconds > 0 else { return }
        let waiter = Waiter()
        let ticks = Ticks(left: seconds, tick: tick, waiter: waiter)
        try await wait(for: waiter, timeout: 1000, isolation: MainActor.shared, data: { UserDataBox.retained(ticks) }) { data in
            MainActor.assumeIsolated { UserDataBox<Ticks>.unbox(data).value.next() } ? 1 : 0 // CONTINUE : REMOVE
        }
    }

    /// Suspends until `waiter` ends: by a main-loop timeout of `milliseconds` (repeating while its
    /// `callback` says so) that ends it, or by the task's cancellation. `data`, made only if the
    /// wait begins, is the callback's boxed state, released with the timeout.
    private func wait(for waiter: Waiter, timeout milliseconds: UInt32, isolation: isolated (any Actor)?,
                      data: () -> gpointer, callback: GSourceFunc) async throws {
        // The operation names `isolation`: a closure that does not capture it runs on the shared pool.
        try await withTaskCancellationHandler(operation: {
            try await withCheckedThrowingContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, any Error>) in
                guard waiter.wait(with: continuation) else { return }
                let source = g_timeout_source_new(milliseconds)!
                g_source_set_callback(source, callback, data(), releaseUserData)
                g_source_attach(source, nil)
                waiter.hold(Waiter.Source(pointer: source))
            }
        }, onCancel: {
            waiter.end(with: CancellationError())
        }, isolation: isolation)
    }
}

/// A countdown's seconds left, and what it tells each second.
@MainActor
private final class Ticks: Sendable {
    private var left: Int
    private let tick: @MainActor (Int) -> Void
    private let waiter: Waiter

    init(left: Int, tick: @escaping @MainActor (Int) -> Void, waiter: Waiter) {
        self.left = left
        self.tick = tick
        self.waiter = waiter
    }

    /// A second has passed: tells the seconds left, and ends the countdown at 0. False when the
    /// timeout should stop.
    func next() -> Bool {
        guard !waiter.hasEnded else { return false }
        left -= 1
        tick(left)
        guard left <= 0 else { return true }
        waiter.end(with: nil)
        return false
    }
}

/// One sleep: ended once, by its timeout or by cancellation, whichever comes first. A cancelled
/// sleep destroys its timeout at once, so the main loop (and the waiter it holds) let go of it then.
private final class Waiter: Sendable {
    private enum Phase {
        case ready
        case waiting(CheckedContinuation<Void, any Error>)
        case ended
    }

    private struct State {
        var phase = Phase.ready
        /// The timeout's source, referenced until the sleep ends.
        var source: Source?
    }

    /// A reference to a GSource, which GLib lets any thread destroy and unref.
    struct Source: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<GSource>
    }

    private let state = Mutex(State())

    /// Holds the continuation; false (after resuming it) when the sleep was already cancelled.
    func wait(with continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let ended = state.withLock { state -> Bool in
            guard case .ready = state.phase else { return true }
            state.phase = .waiting(continuation)
            return false
        }
        if ended { continuation.resume(throwing: CancellationError()) }
        return !ended
    }

    /// Keeps the reference to the attached timeout `source`, or destroys it if the sleep already ended.
    func hold(_ source: Source) {
        let ended = state.withLock { state -> Bool in
            guard case .ended = state.phase else {
                state.source = source
                return false
            }
            return true
        }
        if ended { Self.finish(source) }
    }

    /// Whether the sleep is over (its time came, or it was cancelled).
    var hasEnded: Bool {
        state.withLock { if case .ended = $0.phase { true } else { false } }
    }

    func end(with error: (any Error)?) {
        let (continuation, source) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, Source?) in
            defer { state = State(phase: .ended, source: nil) }
            if case .waiting(let continuation) = state.phase { return (continuation, state.source) }
            return (nil, state.source)
        }
        if let source { Self.finish(source) }
        guard let continuation else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }

    /// Destroys `source` (nothing, if it already ran) and drops the reference to it.
    private static func finish(_ source: Source) {
        g_source_destroy(source.pointer)
        g_source_unref(source.pointer)
    }
}

import CGtk
import Synchronization

/// A clock whose sleeps end on the GLib main loop: a GLib timeout wakes the main thread alone,
/// where `ContinuousClock` wakes libdispatch's timer and worker threads, which then wake the main
/// thread. For the window's once-a-second countdown that is a handful of wake-ups a second fewer.
/// Its instants are `ContinuousClock`'s.
public struct MainLoopClock: Clock {
    public typealias Duration = Swift.Duration
    public typealias Instant = ContinuousClock.Instant

    public init() {}

    public var now: Instant { ContinuousClock.now }
    public var minimumResolution: Duration { .milliseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let delay = now.duration(to: deadline)
        guard delay > .zero else { return }
        let (seconds, attoseconds) = delay.components
        let milliseconds = UInt32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        let waiter = Waiter()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                guard waiter.wait(with: continuation) else { return }
                let data = Unmanaged.passRetained(waiter).toOpaque()
                g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
                    Unmanaged<Waiter>.fromOpaque(data!).takeUnretainedValue().end(with: nil)
                    return 0 // G_SOURCE_REMOVE
                }, data, { data in
                    Unmanaged<Waiter>.fromOpaque(data!).release()
                })
            }
        } onCancel: {
            waiter.end(with: CancellationError())
        }
    }
}

/// One sleep: ended once, by its timeout or by cancellation, whichever comes first.
private final class Waiter: Sendable {
    private enum State {
        case ready
        case waiting(CheckedContinuation<Void, any Error>)
        case ended
    }

    private let state = Mutex(State.ready)

    /// Holds the continuation; false (after resuming it) when the sleep was already cancelled.
    func wait(with continuation: CheckedContinuation<Void, any Error>) -> Bool {
        let ended = state.withLock { state -> Bool in
            guard case .ready = state else { return true }
            state = .waiting(continuation)
            return false
        }
        if ended { continuation.resume(throwing: CancellationError()) }
        return !ended
    }

    func end(with error: (any Error)?) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            defer { state = .ended }
            if case .waiting(let continuation) = state { return continuation }
            return nil
        }
        guard let continuation else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}

/// A clock whose sleeps stay on the actor that awaits them.
///
/// `Clock.sleep(until:tolerance:)` is nonisolated, so a main-actor task that sleeps through it
/// goes to the shared pool on the way in and out: two worker-thread wake-ups and a hop back to the
/// main thread for every sleep. For a countdown that ticks once a second, those were a fifth of an
/// idle window's wake-ups. A clock that can sleep where its caller runs says so by conforming.
public protocol IsolatedClock: Clock where Duration == Swift.Duration {
    /// Sleeps until `deadline`, or throws `CancellationError` when the task is cancelled first,
    /// without leaving `isolation`.
    func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws
}

extension IsolatedClock {
    /// Sleeps for `duration` from now, without leaving the caller's actor.
    public func sleep(for duration: Duration, isolation: isolated (any Actor)?) async throws {
        try await sleep(until: now.advanced(by: duration), isolation: isolation)
    }
}

extension ContinuousClock: IsolatedClock {
    /// A sleep of the system's clock, which starts and ends on the shared pool whatever the caller.
    public func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
        try await sleep(until: deadline, tolerance: nil)
    }
}

extension IsolatedClock {
    /// This clock as a plain `Clock`, for code that only sleeps now and then: Swift 6.3 cannot
    /// convert `any IsolatedClock` to `any Clock<Duration>` by itself.
    public var asClock: any Clock<Duration> { self }
}

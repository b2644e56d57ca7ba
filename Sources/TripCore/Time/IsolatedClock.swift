/// A clock that can sleep without leaving the actor that awaits it.
///
/// `Clock.sleep(until:tolerance:)` is nonisolated, so a main-actor task that sleeps through it
/// goes to the shared pool on the way in and out: two worker-thread wake-ups and a hop back to the
/// main thread for every sleep. For a countdown that ticks once a second, those were about an
/// eighth of an idle window's wake-ups. `sleep(until:isolation:)` lets a clock that can (the
/// window's `MainLoopClock`) go to sleep without leaving the caller's actor; waking still passes
/// through the pool once. `countDown(from:tick:)` lets it tick with no task resumed at all.
public protocol IsolatedClock: Clock where Duration == Swift.Duration {
    /// Sleeps until `deadline`, or throws `CancellationError` when the task is cancelled first. The
    /// caller resumes on `isolation`.
    func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws

    /// Counts `seconds` down a second at a time on the main actor (the window's countdowns): as
    /// each second passes, calls `tick` with the whole seconds left (`seconds - 1` down to 0), and
    /// returns after the last. Throws `CancellationError` when the task is cancelled first; `tick`
    /// is not called after that.
    @MainActor
    func countDown(from seconds: Int, tick: @escaping @MainActor (Int) -> Void) async throws
}

extension IsolatedClock {
    /// Sleeps for `duration` from now (see `sleep(until:isolation:)`).
    public func sleep(for duration: Duration, isolation: isolated (any Actor)?) async throws {
        try await sleep(until: now.advanced(by: duration), isolation: isolation)
    }

    /// A countdown of one `sleep(for:isolation:)` a second, for clocks without a cheaper one.
    @MainActor
    public func countDown(from seconds: Int, tick: @escaping @MainActor (Int) -> Void) async throws {
        for left in stride(from: seconds - 1, through: 0, by: -1) {
            try await sleep(for: .seconds(1), isolation: MainActor.shared)
            tick(left)
        }
    }

    /// This clock as a plain `Clock`, for code that only sleeps now and then: Swift 6.3 cannot
    /// convert `any IsolatedClock` to `any Clock<Duration>` by itself.
    public var asClock: any Clock<Duration> { self }
}

extension ContinuousClock: IsolatedClock {
    /// The system clock's sleep, for the command line (no main loop): its timer is libdispatch's,
    /// which wakes a worker thread whatever the caller.
    public func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
        try await sleep(until: deadline, tolerance: nil)
    }
}


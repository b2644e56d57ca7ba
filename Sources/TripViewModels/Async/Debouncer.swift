/// Waits for a pause in a burst of calls (typing), then acts once, on the last call's action.
///
/// ```swift
/// private let typing = Debouncer(pause: .milliseconds(350), clock: clock)
///
/// typing.schedule { [weak self] turn in await self?.search(text, turn) }   // each key
/// typing.runNow { [weak self] turn in await self?.search(text, turn) }     // Enter
/// ```
///
/// A newer `schedule`, `runNow` or `cancel` drops the action waiting, and cancels one already
/// running: the latest call wins, as with `LatestRequest`, whose `Turn` the action gets so it can
/// check `turn.isCurrent` after its own `await`s. The pause is counted on the injected clock from
/// the moment `schedule` is called.
@MainActor
public final class Debouncer {
    /// How long calls must pause before the last one's action runs.
    public let pause: Duration
    private let clock: any Clock<Duration>
    private let latest = LatestRequest()

    public init(pause: Duration, clock: any Clock<Duration>) {
        self.pause = pause
        self.clock = clock
    }

    /// Whether an action is waiting for the pause or running.
    public var isPending: Bool { latest.isRunning }

    /// Runs `action` once `pause` has passed with no newer call; drops what was pending.
    public func schedule(_ action: @escaping @MainActor (LatestRequest.Turn) async -> Void) {
        let sleep = Self.sleeper(on: clock, for: pause)
        latest.start { turn in
            do { try await sleep() } catch { return }
            guard turn.isCurrent else { return }
            await action(turn)
        }
    }

    /// Runs `action` at once, without waiting for a pause; drops what was pending.
    public func runNow(_ action: @escaping @MainActor (LatestRequest.Turn) async -> Void) {
        latest.start(action)
    }

    /// Drops the pending action, if any (and cancels it if it is running).
    public func cancel() {
        latest.cancel()
    }

    /// Waits until the pending action has run or been dropped (for tests and for quitting).
    public func wait() async {
        await latest.wait()
    }

    /// A sleep until `pause` after now: the deadline is fixed here, when the call is made, not
    /// when the task that sleeps gets to run.
    private static func sleeper<C: Clock>(on clock: C, for pause: Duration) -> @Sendable () async throws -> Void
        where C.Duration == Duration {
        let deadline = clock.now.advanced(by: pause)
        return { try await clock.sleep(until: deadline, tolerance: nil) }
    }
}

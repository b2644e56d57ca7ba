import Synchronization
import TripCore

/// The tests' one clock: it stands still until the test moves it, so nothing a test checks waits on
/// real time.
///
/// Stepped (the default), sleepers wake, in deadline order, only as `advance` passes their
/// deadlines, and each woken task gets to run (and sleep again) before time moves on. Made with
/// `sleepsEndAtOnce`, every sleep returns at once and moves the clock on to its deadline: for code
/// whose waits the test does not care to pace (a search's polls, a retry's back-off). Either way,
/// cancelling a sleeper ends its sleep with `CancellationError`.
public final class SteppedClock: IsolatedClock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
    }

    private let state = Mutex(State())
    /// How long `advance` waits, in real time, for a woken task to sleep again.
    private static let resleepWait: Duration = .seconds(2)
    private let sleepsEndAtOnce: Bool

    /// - Parameter sleepsEndAtOnce: whether a sleep moves the clock to its deadline and returns at
    ///   once, instead of waiting for `advance`.
    public init(sleepsEndAtOnce: Bool = false) {
        self.sleepsEndAtOnce = sleepsEndAtOnce
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }
    /// Tasks asleep on this clock now.
    public var sleeping: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await sleep(until: deadline, isolation: nil)
    }

    public func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
        if sleepsEndAtOnce {
            try Task.checkCancellation()
            state.withLock { $0.now = max($0.now, deadline) }
            await Task.yield()
            return
        }
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler(operation: {
            try await withCheckedThrowingContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, any Error>) in
                let ready = state.withLock { state -> Bool in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
            try Task.checkCancellation()
        }, onCancel: {
            let sleeper = state.withLock { state in
                state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }, isolation: isolation)
    }

    /// Moves time forward by `duration`, waking sleepers one deadline at a time.
    @MainActor
    public func advance(by duration: Duration) async {
        let target = now.advanced(by: duration)
        while true {
            let woken = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.indices.min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline }),
                      state.sleepers[index].deadline <= target else {
                    state.now = target
                    return nil
                }
                let sleeper = state.sleepers.remove(at: index)
                state.now = max(state.now, sleeper.deadline)
                return sleeper
            }
            guard let woken else { break }
            let asleep = sleeping
            woken.continuation.resume()
            // Let the woken task run; most sleep again (a countdown's next tick) and time must not
            // move on before they do, or their next deadline would count from a later `now`. One
            // that does not (its last tick) is no failure, so the wait has a bound: real time, not
            // a count of turns, which a slow or busy machine uses up before the task has run.
            let giveUp = ContinuousClock.now.advanced(by: Self.resleepWait)
            while sleeping <= asleep, ContinuousClock.now < giveUp {
                await Task.yield()
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        await drain()
    }
}

import Synchronization
import TestSupport
import Testing
@testable import TripCore

/// The threads tasks on no actor run on: every job runs, no more threads than the width, timers
/// fire in the order of their times, and a cancelled sleep leaves no timer to wake the process.
/// The pools with timers run on a time the test sets and moves (`advance(by:)`), never the clock's.
@MainActor
struct WorkerPoolTests {
    /// A thousand tasks preferring the pool all run, never more of them at once than its width,
    /// on no more threads than that.
    @Test func everyJobRunsWithinTheWidth() async {
        let pool = WorkerPool(width: 2)
        let tally = Shared((running: 0, most: 0, done: 0))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<1000 {
                group.addTask(executorPreference: pool) {
                    tally.update { $0.running += 1; $0.most = max($0.most, $0.running) }
                    tally.update { $0.running -= 1; $0.done += 1 }
                }
            }
        }
        #expect(tally.value.done == 1000)
        #expect(tally.value.most <= 2)
        #expect((1...2).contains(pool.threadCount))
    }

    /// `Task.sleep` on the pool waits in the pool's own timer list. Cancelled, it ends, but its
    /// timer stays until its time (the standard library cannot take it back): why the time limit
    /// of a request sleeps with `WorkerPool.sleep` instead.
    @Test func taskSleepWaitsOnThePoolsTimers() async throws {
        let pool = WorkerPool(width: 2, time: .zero)
        // `Task.sleep` turns its duration into an instant on the real clock, and the pool is given
        // what is left of it when the job reaches it: a short sleep may be over by then (on a slow
        // machine, a millisecond is), and then it sets no timer. An hour is left whatever the
        // machine's speed; the pool's time is set, and moves only when the test moves it, so the
        // task waits to be cancelled and the test never waits on the clock.
        let sleeper = Task(executorPreference: pool) { try await Task.sleep(for: .seconds(3600)) }
        await settle("the sleep's timer") { pool.pendingTimers == 1 }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(pool.pendingTimers == 1)
        // The timer is the pool's, on the time the test moves: it goes when that time reaches it.
        pool.advance(by: .seconds(3600))
        await settle("the cancelled sleep's timer to fire") { pool.pendingTimers == 0 }
    }

    /// Timers fire in the order of their times, whatever the order they were set in.
    @Test func timersFireInTheOrderOfTheirTimes() async throws {
        let pool = WorkerPool(width: 1, time: .zero)
        let fired = Shared<[Int]>([])
        pool.schedule(after: .milliseconds(60)) { fired.update { $0.append(60) } }
        pool.schedule(after: .milliseconds(20)) { fired.update { $0.append(20) } }
        pool.schedule(after: .milliseconds(40)) { fired.update { $0.append(40) } }
        pool.advance(by: .milliseconds(60))
        await settle("three timers") { fired.value.count == 3 }
        #expect(fired.value == [20, 40, 60])
    }

    /// A timer taken back before its time never fires; taking it back twice says it was gone.
    @Test func aCancelledTimerNeverFires() async throws {
        let pool = WorkerPool(width: 1, time: .zero)
        let fired = Shared(false)
        let timer = pool.schedule(after: .milliseconds(30)) { fired.update { $0 = true } }
        #expect(pool.cancel(timer))
        #expect(!pool.cancel(timer))
        #expect(pool.pendingTimers == 0)
        // A later timer firing shows the pool has passed the cancelled one's time.
        let later = Shared(false)
        pool.schedule(after: .milliseconds(60)) { later.update { $0 = true } }
        pool.advance(by: .milliseconds(60))
        await settle("the later timer") { later.value }
        #expect(!fired.value)
    }

    /// The pool's own sleep ends after its time, and, cancelled, ends at once and takes its timer
    /// away (where `Task.sleep`'s would still wake the process at the time).
    @Test func aCancelledSleepLeavesNoTimer() async throws {
        let pool = WorkerPool(width: 2, time: .zero)
        let short = Task { try await pool.sleep(for: .milliseconds(5)) }
        await settle("the short sleep's timer") { pool.pendingTimers == 1 }
        pool.advance(by: .milliseconds(5))
        try await short.value
        #expect(pool.pendingTimers == 0)

        let sleeper = Task { try await pool.sleep(for: .milliseconds(1)) }  // the set time: it waits to be cancelled
        await settle("the sleep's timer") { pool.pendingTimers == 1 }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(pool.pendingTimers == 0)
    }

    /// A task already cancelled does not sleep at all, and sets no timer.
    @Test func aTaskAlreadyCancelledDoesNotSleep() async {
        let pool = WorkerPool(width: 1, time: .zero)
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await pool.sleep(for: .milliseconds(1))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(pool.pendingTimers == 0)
    }
}

/// A value tasks on several threads change under a lock.
private final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    var value: Value { mutex.withLock { $0 } }
    func update(_ change: (inout Value) -> Void) { mutex.withLock { change(&$0) } }
}

#if canImport(Glibc)
import Glibc
#endif
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Synchronization

/// The threads Swift concurrency runs Tripboard's nonisolated work on, in place of libdispatch's
/// global queues. On Linux, libdispatch starts a timer on the first job of a global queue that
/// wakes its manager thread every second for the rest of the process (a monitor looking for
/// stalled queues), so a window left alone never sleeps. Here an idle thread waits on a
/// condition with no time limit, and a timer wakes one only when a job asked to run then.
///
/// At most `width` threads, made when work finds none idle and kept for the process. Jobs run
/// in the order they came; one waiting for a time waits in a list ordered by it.
/// `TaskThreads.install()` makes `shared` the default executor (before any task starts);
/// `sleep(for:)` is a sleep whose timer goes when it is cancelled, where `Task.sleep`'s would
/// still wake the process at its time.
final class WorkerPool: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    /// The process's pool: one thread a core, at least two.
    static let shared = WorkerPool(width: max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))

    /// A timer that has not fired yet, to cancel with `cancel(_:)`.
    struct Timer: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// The most threads the pool will run at once.
    let width: Int

    private enum Work {
        case job(UnownedJob)
        case action(@Sendable () -> Void)
    }

    private struct Waiting {
        let deadline: UInt64  // nanoseconds on CLOCK_MONOTONIC
        let id: UInt64
        let work: Work
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Everything below is guarded by `mutex`.
    private var ready: [Work] = []
    private var readyStart = 0
    /// Ordered by deadline, then by the order they came.
    private var waiting: [Waiting] = []
    private var lastTimer: UInt64 = 0
    private var threads = 0
    private var idle = 0
    /// Idle threads already signalled to wake, so that two jobs wake two threads.
    private var signalled = 0
    /// Whether an idle thread is waiting for the first deadline (the others wait for work).
    private var timekeeping = false
    /// The time a test sets, in nanoseconds; nil: CLOCK_MONOTONIC.
    private var setTime: UInt64?

    /// - Parameter time: for a test, the pool's time, which then moves only by `advance(by:)`.
    init(width: Int, time: Duration? = nil) {
        precondition(width > 0)
        self.width = width
        setTime = time.map(Self.nanoseconds)
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    /// Threads started so far (they are kept).
    var threadCount: Int { locked { threads } }

    /// Timers that have neither fired nor been cancelled.
    var pendingTimers: Int { locked { waiting.count } }

    /// Moves a pool made with a set time on by `duration`; the timers then due fire.
    func advance(by duration: Duration) {
        locked {
            precondition(setTime != nil)  // only a pool made with a set time is advanced
            setTime? += Self.nanoseconds(duration)
            pthread_cond_broadcast(condition)
        }
    }

    // MARK: Executor

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        locked {
            ready.append(.job(job))
            wakeOrStart()
        }
    }

    public func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }

    public func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        guard let delay = delay as? Duration else {
            // A clock this pool cannot read: libdispatch's executor keeps its time.
            if let platform = PlatformExecutorFactory.defaultExecutor as? any SchedulingExecutor {
                platform.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
            } else {
                enqueue(job)
            }
            return
        }
        _ = schedule(after: delay, .job(UnownedJob(job)))
    }

    // MARK: Timers

    /// Runs `action` on the pool once `delay` has passed, unless cancelled first.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Timer {
        schedule(after: delay, .action(action))
    }

    /// Takes back a timer that has not fired: true when it had not.
    @discardableResult
    func cancel(_ timer: Timer) -> Bool {
        locked {
            guard let index = waiting.firstIndex(where: { $0.id == timer.id }) else { return false }
            waiting.remove(at: index)
            return true
        }
    }

    /// Sleeps for `duration`; cancelled, it throws at once and leaves no timer behind.
    func sleep(for duration: Duration) async throws(CancellationError) {
        let sleep = CancellableSleep()
        let woken: Bool = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                sleep.start(continuation) { self.schedule(after: duration) { sleep.finish(woken: true) } }
            }
        } onCancel: {
            sleep.cancel { self.cancel($0) }
        }
        if !woken { throw CancellationError() }
    }

    private func schedule(after delay: Duration, _ work: Work) -> Timer {
        locked {
            let deadline = now() &+ Self.nanoseconds(delay)
            lastTimer += 1
            let entry = Waiting(deadline: deadline, id: lastTimer, work: work)
            let index = waiting.partitioningIndex { $0.deadline > deadline }
            waiting.insert(entry, at: index)
            if index == 0 {
                // A new first deadline: the timekeeper must wait for it instead.
                if idle > 0 { pthread_cond_broadcast(condition) } else { startThreadIfAllowed() }
            }
            return Timer(id: entry.id)
        }
    }

    // MARK: Threads

    /// Wakes an idle thread for new work, or starts one.
    private func wakeOrStart() {
        if idle > signalled {
            signalled += 1
            pthread_cond_signal(condition)
        } else {
            startThreadIfAllowed()
        }
    }

    private func startThreadIfAllowed() {
        guard threads < width else { return }
        threads += 1
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let pool = Unmanaged<WorkerPool>.fromOpaque(context!).takeRetainedValue()
            pool.run()
            return nil
        }, Unmanaged.passRetained(self).toOpaque())
        if started == 0 {
            pthread_detach(thread)
        } else {
            threads -= 1
        }
    }

    /// A thread's life: the due timers, then the work in order; when there is none, waiting.
    private func run() -> Never {
        pthread_mutex_lock(mutex)
        while true {
            let time = now()
            while let first = waiting.first, first.deadline <= time {
                waiting.removeFirst()
                ready.append(first.work)
            }
            if readyStart < ready.count {
                let work = ready[readyStart]
                readyStart += 1
                if readyStart == ready.count {
                    ready.removeAll(keepingCapacity: true)
                    readyStart = 0
                }
                // While this runs, another idle thread keeps the time.
                if !waiting.isEmpty, !timekeeping, idle > signalled { wakeOrStart() }
                pthread_mutex_unlock(mutex)
                switch work {
                case .job(let job): job.runSynchronously(on: asUnownedTaskExecutor())
                case .action(let action): action()
                }
                pthread_mutex_lock(mutex)
                continue
            }
            idle += 1
            // One idle thread waits for the first deadline; with a set time, `advance` wakes them.
            if let first = waiting.first, !timekeeping, setTime == nil {
                timekeeping = true
                var until = timespec(tv_sec: Int(first.deadline / 1_000_000_000), tv_nsec: Int(first.deadline % 1_000_000_000))
                pthread_cond_timedwait(condition, mutex, &until)
                timekeeping = false
            } else {
                pthread_cond_wait(condition, mutex)
            }
            idle -= 1
            if signalled > 0 { signalled -= 1 }
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// The pool's time in nanoseconds: the one set, or CLOCK_MONOTONIC's. Called under `mutex`.
    private func now() -> UInt64 {
        if let setTime { return setTime }
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max / 2 : whole &+ UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}

/// Where Tripboard's tasks run when they are on no actor.
public enum TaskThreads {
    /// Makes the worker pool the executor of every task that is on no actor, and keeps the main
    /// actor on the main queue. Call it first thing in `main`, before any task starts.
    public static func install() {
        _createExecutors(factory: Factory.self)
    }

    private enum Factory: ExecutorFactory {
        static var mainExecutor: any MainExecutor { PlatformExecutorFactory.mainExecutor }
        static var defaultExecutor: any TaskExecutor { WorkerPool.shared }
    }
}

/// One `WorkerPool.sleep`: its continuation and timer, and whether it was cancelled. Whichever
/// of the timer and the cancellation comes first resumes it, once.
private final class CancellableSleep: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Bool, Never>?
        var timer: WorkerPool.Timer?
        var cancelled = false
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<Bool, Never>, schedule: () -> WorkerPool.Timer) {
        let cancelled = state.withLock { state in
            if state.cancelled { return true }
            state.continuation = continuation
            state.timer = schedule()
            return false
        }
        if cancelled { continuation.resume(returning: false) }
    }

    func finish(woken: Bool) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: woken)
    }

    func cancel(_ takeBack: (WorkerPool.Timer) -> Bool) {
        let timer = state.withLock { state in
            state.cancelled = true
            return state.timer
        }
        // A timer that has fired has resumed the sleep, or is about to.
        if let timer, takeBack(timer) { finish(woken: false) }
    }
}

private extension Array {
    /// The first index whose element satisfies `belongsAfter`, for an array ordered so that all
    /// that do come after all that do not.
    func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

import Foundation
import Synchronization
import TripCore

/// A deals service whose answers the test hands out one call at a time, in any order.
final class GatedDealsService: DealsSearching {
    private struct State {
        var waiting: [CheckedContinuation<Result<DealsResult, APIError>, Never>] = []
        var queries: [DealsQuery] = []
        var kept: DealsResult?
        var holdsKept = false
        var keptWaiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Queries received so far, in order.
    var queries: [DealsQuery] { state.withLock { $0.queries } }
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    func fetchDeals(_ query: DealsQuery) async throws(APIError) -> DealsResult {
        let result = await withCheckedContinuation { continuation in
            state.withLock {
                $0.queries.append(query)
                $0.waiting.append(continuation)
            }
        }
        return try result.get()
    }

    /// What `keptDeals` gives: deals kept from an earlier run.
    var kept: DealsResult? {
        get { state.withLock { $0.kept } }
        set { state.withLock { $0.kept = newValue } }
    }

    /// While set, `keptDeals` waits for `releaseKept()`: reading the cache is slower than asking.
    var holdsKept: Bool {
        get { state.withLock { $0.holdsKept } }
        set { state.withLock { $0.holdsKept = newValue } }
    }
    var keptWaitingCount: Int { state.withLock { $0.keptWaiting.count } }

    func keptDeals(_ query: DealsQuery) async -> DealsResult? {
        if holdsKept {
            await withCheckedContinuation { continuation in
                state.withLock { $0.keptWaiting.append(continuation) }
            }
        }
        return kept
    }

    /// Lets the held `keptDeals` calls answer.
    func releaseKept() {
        let waiting = state.withLock { state in
            defer { state.keptWaiting = []; state.holdsKept = false }
            return state.keptWaiting
        }
        waiting.forEach { $0.resume() }
    }

    /// Answers the oldest unanswered call (or the one at `index`).
    func answer(_ result: Result<DealsResult, APIError>, call index: Int = 0) {
        let continuation = state.withLock { $0.waiting.remove(at: index) }
        continuation.resume(returning: result)
    }
}

/// A wall clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    func advance(days: Int) {
        current.withLock { $0 += TimeInterval(days * 86_400) }
    }
}

func deal(_ title: String, position: Int, price: String = "100") -> Deal {
    Deal(key: DealKey(type: 4, id: position + 1), title: title, count: position + 1,
         minPrice: Decimal(string: price)!, currency: "GBP", position: position,
         imageURL: URL(string: "http://img.example/\(position)"))
}

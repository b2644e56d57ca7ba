import Foundation
import TripCore
import TripWords

/// What is known live about one stop: its latest arrivals and how the last refresh went.
///
/// `shown` is its one reading: the favourites row, the stop's board, the tab and the command line
/// all go by it rather than by the fields.
public struct StopLive: Sendable, Equatable {
    /// What a stop's row or board shows.
    public enum Shown: Sendable, Equatable {
        /// Nothing has come yet, and nothing failed: the first answer is awaited.
        case waiting
        /// Nothing to show: the last refresh failed before any arrivals came.
        case failed(UserFacingError)
        /// The latest arrivals that came, fetched at `fetchedAt`; `failure` says the last refresh
        /// failed and these are older.
        case arrivals(ArrivalsResult, fetchedAt: Date, failure: UserFacingError?)
    }

    /// The latest arrivals that came, and when they were fetched.
    public private(set) var result: ArrivalsResult?
    public private(set) var fetchedAt: Date?
    /// The last refresh failed; `result`, if any, is older.
    public private(set) var failure: UserFacingError?
    /// A refresh is under way.
    public var isLoading = false

    public init() {}

    public var shown: Shown {
        if let result, let fetchedAt { return .arrivals(result, fetchedAt: fetchedAt, failure: failure) }
        if let failure { return .failed(failure) }
        return .waiting
    }

    /// The arrivals on hand, however old; nil before any came.
    public var arrivals: ArrivalsResult? {
        if case .arrivals(let result, _, _) = shown { result } else { nil }
    }

    /// Whole seconds since the arrivals on hand were fetched; nil before any came.
    public func age(at now: Date) -> Int? {
        fetchedAt.map { Int(now.timeIntervalSince($0)) }
    }

    /// Whether the arrivals on hand are at least `interval` old at `now`, or none came yet.
    public func isOutOfDate(after interval: Duration, at now: Date) -> Bool {
        guard let fetchedAt else { return true }
        return now.timeIntervalSince(fetchedAt) >= Double(interval.components.seconds)
    }

    /// The answer came: these arrivals replace the ones before, and nothing is failing. One kept
    /// from earlier dates from when it was first received, not from `time`.
    public mutating func received(_ result: ArrivalsResult, at time: Date) {
        self.result = result
        fetchedAt = result.provenance?.received ?? time
        failure = nil
        isLoading = false
    }

    /// Arrivals kept from an earlier run, shown while the first answer is awaited (nothing changes
    /// once an answer has come).
    public mutating func showKept(_ result: ArrivalsResult) {
        guard self.result == nil, let received = result.provenance?.received else { return }
        self.result = result
        fetchedAt = received
    }

    /// What to show at `now`. Live arrivals are as they came. Kept ones (offline, or shown before
    /// the first answer) count down from their expected times, each an estimate: those gone by are
    /// dropped and counted, and past `KeptArrivals.staleAfter` none are shown (`kept` says which).
    public func reading(at now: Date) -> (arrivals: [Arrival], kept: KeptArrivals?) {
        guard let result else { return ([], nil) }
        guard let fetchedAt, result.provenance?.isKept == true else { return (result.arrivals, nil) }
        let kept = KeptArrivals.at(now, kept: result, received: fetchedAt)
        if case .estimated(let coming, _) = kept { return (coming.arrivals, kept) }
        return ([], kept)
    }

    /// The notice over kept arrivals at `now` ("Offline — showing arrivals from 14:05 (12 min
    /// ago)", then how many have gone by), or nil for live ones.
    public func keptNotice(at now: Date, service: String, clock: ClockFormat?) -> ContentNotice? {
        guard let result, case let (_, kept?) = reading(at: now) else { return nil }
        guard var notice = ContentNotice(result.provenance, kind: .arrivals, service: service, now: now, clock: clock) else { return nil }
        let said = kept.sentence(format: clock ?? .twentyFourHour)
        switch kept {
        // Too old to show any: only that, not "showing arrivals".
        case .noRecentData: notice.sentence = said ?? notice.sentence
        case .estimated: if let said { notice.sentence += " · " + said }
        }
        return notice
    }

    /// The refresh failed: the arrivals on hand, if any, stay and are now known to be old.
    public mutating func failed(_ failure: UserFacingError) {
        self.failure = failure
        isLoading = false
    }
}

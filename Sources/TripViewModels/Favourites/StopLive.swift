import Foundation
import TripCore

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

    /// The answer came: these arrivals replace the ones before, and nothing is failing.
    public mutating func received(_ result: ArrivalsResult, at time: Date) {
        self.result = result
        fetchedAt = time
        failure = nil
        isLoading = false
    }

    /// The refresh failed: the arrivals on hand, if any, stay and are now known to be old.
    public mutating func failed(_ failure: UserFacingError) {
        self.failure = failure
        isLoading = false
    }
}

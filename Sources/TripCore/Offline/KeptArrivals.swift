import Foundation

/// A stop's kept arrivals counted down on the clock: each arrival's time is its `expected`
/// instant, not the `seconds` the service said when the answer was received, so a kept board goes
/// on counting while offline, every time an estimate.
public enum KeptArrivals: Sendable, Equatable {
    /// The arrivals still to come at `now`, soonest first, and how many of those kept have gone by.
    case estimated(ArrivalsResult, gone: Int)
    /// The answer is older than `staleAfter`: its buses say nothing useful any more.
    case noRecentData(since: Date)

    /// How long kept arrivals are shown: past this, a stop has no recent data.
    public static let staleAfter: TimeInterval = 30 * 60

    /// `kept` (received at `received`) as it stands at `now`: an arrival whose expected time has
    /// passed is dropped and counted; one due this very second stays (it reads "Due").
    public static func at(_ now: Date, kept: ArrivalsResult, received: Date) -> KeptArrivals {
        guard now.timeIntervalSince(received) <= staleAfter else { return .noRecentData(since: received) }
        let coming = kept.arrivals.filter { $0.seconds(from: now) >= 0 }
        // Still the kept answer: it keeps saying where it came from and when.
        return .estimated(ArrivalsResult(arrivals: coming, leftOut: kept.leftOut, provenance: kept.provenance),
                          gone: kept.arrivals.count - coming.count)
    }
}

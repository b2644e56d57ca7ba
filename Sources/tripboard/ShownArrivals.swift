import Foundation
import TripCore
import TripWords

/// A stop's arrivals as `arrivals` and `trams` print them: those still to come on the app's clock,
/// when their answer arrived, and what the one stderr line says about them.
///
/// An answer kept from earlier (the service could not be reached) is counted down as the window
/// counts it (`KeptArrivals`): each arrival's time is its `expected` instant, those gone by are
/// left out and counted, and one older than `KeptArrivals.staleAfter` is not shown at all.
struct ShownArrivals {
    /// Soonest first, none whose time has passed.
    var arrivals: [Arrival]
    /// The answer they came in, for its notices.
    var result: ArrivalsResult
    /// When that answer arrived (for a kept one, when it first came); nil when not tracked.
    var received: Date?
    /// What the one stderr line says, nil parts left out (`Output.say`): "offline: showing
    /// arrivals from 14:05 (1 min ago)", "2 arrivals left out: their time has passed", what was unreadable.
    var said: [String?]

    /// - Throws: for a kept answer too old to show, a failure saying "No recent data since 14:05"
    ///   and why the service could not be asked, status 1: nothing useful is printed, so the run
    ///   fails as the request did.
    init(_ result: ArrivalsResult, now: Date, format: ClockFormat?) throws {
        received = result.provenance?.received
        let unread = result.leftOut.sentence(.prediction)
        guard case .kept(let received, let failure?)? = result.provenance else {
            self.result = result
            arrivals = result.arrivals.filter { $0.seconds(from: now) >= 0 }
            said = [unread]
            return
        }
        let clock = format ?? .twentyFourHour
        let kept = KeptArrivals.at(now, kept: result, received: received)
        switch kept {
        case .noRecentData:
            throw CommandFailure.Plain(message: Self.tooOld(kept.sentence(format: clock) ?? "", failure))
        case .estimated(let coming, _):
            self.result = coming
            arrivals = coming.arrivals
            said = [result.provenance?.offlineLine(.arrivals, now: now, format: format), kept.sentence(format: clock), unread]
        }
    }

    /// "No recent data since 14:05 (could not reach the service: the connection was refused)".
    static func tooOld(_ noRecentData: String, _ failure: APIError) -> String {
        // TRANSLATORS: the command line's line when a stop's arrivals cannot be asked and those kept are too old to show:
        // %1$@ is "No recent data since 14:05", %2$@ why the service could not be asked.
        trc("no recent data, and why", "%1$@ (%2$@)").filled(noRecentData, failure.sentence)
    }
}

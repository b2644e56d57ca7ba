import Foundation
import TripCore
import TripWords

extension Provenance {
    /// "offline: showing deals from 14:05 (12 min ago)" when this answer was kept from earlier and
    /// stands in for a failure the network caused; nil for an answer that just arrived. The time is
    /// this computer's, on the clock the Clock setting chooses (24-hour where it leaves the choice
    /// to the place, as the departures table does), its age counted on the app's clock (`now`).
    func offlineLine(_ kind: AnswerKind, now: Date, format: ClockFormat?) -> String? {
        guard isOffline else { return nil }
        return kept((), kind: kind)?.commandLineNotice(now: now, format: format ?? .twentyFourHour)
    }
}

import Foundation
import TripCore

extension Provenance {
    /// What a page says above an answer from the cache: "Offline — showing deals from 14:05 (12
    /// min ago)" when it stands in for a failure, "Showing deals from 14:05 (12 min ago) — looking
    /// for newer ones" when it is shown while asking; nil for a live answer. Times on this
    /// computer's clock (`zone`), in `format` (24-hour when nil).
    public func notice(_ kind: AnswerKind, now: Date, zone: TimeZone = .current, format: ClockFormat?) -> String? {
        guard case .kept(let received, let because) = self else { return nil }
        let kept = Kept((), kind: kind, received: received)
        let format = format ?? .twentyFourHour
        if because != nil { return kept.notice(now: now, zone: zone, format: format) }
        let (time, age) = kept.timeAndAge(now: now, zone: zone, format: format)
        switch kind {
        // TRANSLATORS: above deals kept from earlier, shown while the latest load; %1$@ the time they arrived ("14:05"), %2$@ how long ago ("12 min ago").
        case .deals: return tr("Showing deals from %1$@ (%2$@) — looking for newer ones").filled(time, age)
        // TRANSLATORS: above departures kept from earlier, shown while the search runs again; %1$@ a time ("14:05"), %2$@ how long ago.
        case .departures: return tr("Showing departures from %1$@ (%2$@) — looking for newer ones").filled(time, age)
        // TRANSLATORS: above arrivals kept from earlier, shown while the latest load; %1$@ a time ("14:05"), %2$@ how long ago.
        case .arrivals: return tr("Showing arrivals from %1$@ (%2$@) — looking for newer ones").filled(time, age)
        }
    }
}

import Foundation
import TripCore

extension Kept {
    /// "Offline — showing deals from 14:05 (12 min ago)": the notice above an answer shown from
    /// the cache. The time is on this computer's clock (`zone`), in `format`.
    public func notice(now: Date, zone: TimeZone = .current, format: ClockFormat) -> String {
        let (time, age) = timeAndAge(now: now, zone: zone, format: format)
        switch kind {
        // TRANSLATORS: above deals kept from earlier; %1$@ the time they arrived ("14:05"), %2$@ how long ago ("12 min ago").
        case .deals: return tr("Offline — showing deals from %1$@ (%2$@)").filled(time, age)
        // TRANSLATORS: above departures kept from earlier; %1$@ the time they arrived ("14:05"), %2$@ how long ago ("12 min ago").
        case .departures: return tr("Offline — showing departures from %1$@ (%2$@)").filled(time, age)
        // TRANSLATORS: above arrivals kept from earlier; %1$@ the time they arrived ("14:05"), %2$@ how long ago ("12 min ago").
        case .arrivals: return tr("Offline — showing arrivals from %1$@ (%2$@)").filled(time, age)
        }
    }

    /// "offline: showing deals from 14:05 (12 min ago)": the command line's one stderr line when it
    /// prints an answer from the cache.
    public func commandLineNotice(now: Date, zone: TimeZone = .current, format: ClockFormat) -> String {
        let (time, age) = timeAndAge(now: now, zone: zone, format: format)
        switch kind {
        // TRANSLATORS: the command line's line when the service cannot be reached; %1$@ a time ("14:05"), %2$@ how long ago.
        case .deals: return tr("offline: showing deals from %1$@ (%2$@)").filled(time, age)
        // TRANSLATORS: the command line's line when the service cannot be reached; %1$@ a time ("14:05"), %2$@ how long ago.
        case .departures: return tr("offline: showing departures from %1$@ (%2$@)").filled(time, age)
        // TRANSLATORS: the command line's line when the service cannot be reached; %1$@ a time ("14:05"), %2$@ how long ago.
        case .arrivals: return tr("offline: showing arrivals from %1$@ (%2$@)").filled(time, age)
        }
    }

    /// "14:05" and "12 min ago": when the answer arrived, on this computer's clock, and how long ago.
    func timeAndAge(now: Date, zone: TimeZone, format: ClockFormat) -> (time: String, age: String) {
        (LocalDateTime(received, in: zone).clockTime(format), ArrivalText.age(seconds: age(at: now)))
    }
}

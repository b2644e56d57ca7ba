import Foundation
import TripCore

extension KeptArrivals {
    /// What a kept arrival's time is marked with: it is counted from the kept answer, not live.
    public static var estimatedMark: String {
        // TRANSLATORS: beside an arrival's time counted down from an answer kept while offline ("3 min, estimated").
        trc("arrival time not live", "estimated")
    }

    /// "2 arrivals left out: their time has passed", or nil when none was; "No recent data since
    /// 14:05" for a stop whose kept answer is too old. Times on this computer's clock (`zone`).
    public func sentence(zone: TimeZone = .current, format: ClockFormat) -> String? {
        switch self {
        case .estimated(_, let gone):
            guard gone > 0 else { return nil }
            // TRANSLATORS: kept arrivals whose expected time has passed while offline, no longer shown.
            return trn("One arrival left out: its time has passed", "%1$ld arrivals left out: their time has passed", gone).filled(gone)
        case .noRecentData(let since):
            // TRANSLATORS: a stop whose last arrivals came too long ago to show; %1$@ the time they came ("14:05").
            return tr("No recent data since %1$@").filled(LocalDateTime(since, in: zone).clockTime(format))
        }
    }
}

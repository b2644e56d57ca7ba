import Foundation

/// When a stop with alerts is asked for its arrivals next: at the refresh interval, and every
/// `closeInterval` once an alert is within `closeWindow` of its moment (its vehicle's time less
/// its minutes), so it fires within seconds of it. Pure: it reads only what it is given.
public enum AlertSchedule {
    /// How long before an alert's moment the refreshes come faster.
    public static let closeWindow: TimeInterval = 3 * 60
    /// How often they come then.
    public static let closeInterval: Duration = .seconds(15)

    /// How long after `now` the next refresh is due for `alerts`, on a cycle of `interval`: the
    /// shorter of `interval` and, when an active alert is within `closeWindow` of its moment (or
    /// past it, failing), `closeInterval`.
    public static func delay(for alerts: [Alert], interval: Duration, now: Date) -> Duration {
        let close = alerts.contains { alert in
            guard alert.isActive, let moment = alert.moment else { return false }
            return moment.timeIntervalSince(now) <= closeWindow
        }
        return close ? min(interval, closeInterval) : interval
    }
}

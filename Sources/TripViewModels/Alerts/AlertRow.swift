import Foundation
import TripCore
import TripWords

/// One alert in the Alerts list, every string ready to show.
public struct AlertRow: Sendable, Equatable, Identifiable {
    public var id: Alert.ID
    /// The route, for its badge: "124".
    public var line: String
    /// "124 to Eltham"
    public var title: String
    /// "Catford Bridge Station (Stop D)"
    public var stop: String
    /// Its ETA while followed ("4 min away, at 14:07 · alert at 5 min"); once ended, what it said.
    public var status: String
    /// Still followed (Cancel stops it); false once it has fired, vanished or given up (Cancel removes the row).
    public var isActive: Bool
    /// "Alert for 124 to Eltham at Catford Bridge Station (Stop D): 4 min away, at 14:07 · alert at 5 min"
    public var accessibleName: String
    /// The style of its route badge, as its city colours them; nil for the plain one.
    public var badgeStyle: String?

    init(_ alert: Alert, message: String?, now: Date, clock format: ClockFormat?) {
        let provider = alert.stop.provider
        id = alert.id
        line = alert.line
        title = alert.routeName
        stop = alert.stop.title
        isActive = alert.isActive
        badgeStyle = provider.badgeStyle
        status = message ?? Self.status(alert, now: now, format: format)
        // TRANSLATORS: read aloud: %1$@ a route and where it goes, %2$@ the stop, %3$@ the alert's status.
        accessibleName = tr("Alert for %1$@ at %2$@: %3$@").filled(title, stop, status)
    }

    private static func status(_ alert: Alert, now: Date, format: ClockFormat?) -> String {
        let provider = alert.stop.provider
        if case .failing(let count) = alert.state {
            // TRANSLATORS: %1$ld the alert's minutes; %2$ld refreshes failed in a row.
            return trn("Alert at %1$ld min · the last refresh failed; still trying",
                       "Alert at %1$ld min · the last %2$ld refreshes failed; still trying", count).filled(alert.minutes, count)
        }
        guard let expected = alert.expected else {
            // TRANSLATORS: an alert waiting for its route's next arrival: %1$@ "bus" or "tram", %2$ld minutes.
            return tr("Waiting for the next %1$@ · alert at %2$ld min").filled(translated(provider.vehicleName), alert.minutes)
        }
        let seconds = Int(expected.timeIntervalSince(now).rounded(.down))
        let clock = ArrivalText.clock(expected, provider: provider, format: format)
        guard seconds >= 60 else {
            // TRANSLATORS: %1$@ a clock time, %2$ld minutes: "Due at 14:07 · alert at 5 min".
            return tr("Due at %1$@ · alert at %2$ld min").filled(clock, alert.minutes)
        }
        // TRANSLATORS: %1$ld minutes away, %2$@ a clock time, %3$ld the alert's minutes: "12 min away, at 14:07 · alert at 5 min".
        return tr("%1$ld min away, at %2$@ · alert at %3$ld min").filled(seconds / 60, clock, alert.minutes)
    }
}

extension AlertsViewModel {
    /// The Alerts list's rows, oldest first, as of the cycle's last tick.
    public var rows: [AlertRow] { rows(at: cycle.now) }

    /// The rows as worded at `now`.
    func rows(at now: Date) -> [AlertRow] {
        alerts.map { AlertRow($0, message: messages[$0.id], now: now, clock: clockFormat) }
    }
}

import Foundation
import TripCore

extension Alert {
    /// "124 to Eltham", or "124" when where it goes is not known: how alerts name what they follow.
    public var routeName: String {
        // TRANSLATORS: a route and where it goes, used inside sentences: "124 to Eltham".
        destination.isEmpty ? line : tr("%1$@ to %2$@").filled(line, destination)
    }
}

extension AlertEvent {
    /// What the notification (or, without one, the alert's row) says: "Route 124 to Eltham is 4
    /// min away — Catford Bridge Station (Stop D)".
    public func sentence(now: Date) -> String {
        switch self {
        case .fired(let alert, let arrival):
            let seconds = arrival.seconds(from: now)
            guard seconds >= 60 else {
                // TRANSLATORS: %1$@ a route and where it goes ("124 to Eltham"), %2$@ the stop.
                return tr("Route %1$@ is due — %2$@").filled(alert.routeName, alert.stop.title)
            }
            // TRANSLATORS: %1$@ a route and where it goes ("124 to Eltham"), %2$ld minutes, %3$@ the stop.
            return tr("Route %1$@ is %2$ld min away — %3$@").filled(alert.routeName, seconds / 60, alert.stop.title)
        case .vanished(let alert, let next):
            let vehicle = translated(alert.stop.provider.vehicleName)
            guard let next else {
                // TRANSLATORS: %1$@ "bus" or "tram", %2$@ a route and where it goes, %3$@ the stop.
                return tr("The %1$@ on route %2$@ is no longer predicted at %3$@, and no other is for now.")
                    .filled(vehicle, alert.routeName, alert.stop.title)
            }
            let seconds = next.seconds(from: now)
            guard seconds >= 60 else {
                // TRANSLATORS: %1$@ "bus" or "tram", %2$@ a route and where it goes, %3$@ the stop.
                return tr("The %1$@ on route %2$@ is no longer predicted at %3$@. The next one is due.")
                    .filled(vehicle, alert.routeName, alert.stop.title)
            }
            // TRANSLATORS: %1$@ "bus" or "tram", %2$@ a route and where it goes, %3$@ the stop, %4$ld minutes.
            return tr("The %1$@ on route %2$@ is no longer predicted at %3$@. The next one is %4$ld min away.")
                .filled(vehicle, alert.routeName, alert.stop.title, seconds / 60)
        case .failing(let alert, let failure):
            let count = Alert.failuresToGiveUp
            // TRANSLATORS: %1$@ "bus" or "tram", %2$@ a route and where it goes, %3$@ the stop,
            // %4$ld refreshes, %5$@ why the last one failed.
            return trn("Can’t follow the %1$@ on route %2$@ at %3$@: the last %4$ld refresh failed. %5$@",
                       "Can’t follow the %1$@ on route %2$@ at %3$@: the last %4$ld refreshes failed. %5$@", count)
                .filled(translated(alert.stop.provider.vehicleName), alert.routeName, alert.stop.title, count,
                        Self.capitalised(failure.sentence))
        }
    }

    /// `text` with its first letter a capital, to stand as a sentence of its own.
    private static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

/// What `tripboard alert` says.
public enum AlertLine {
    /// The line printed when it fires: "124 to Eltham: 4 min, due 14:07 at Catford Bridge Station (Stop D)".
    public static func fired(_ alert: Alert, _ arrival: Arrival, now: Date, format: ClockFormat?) -> String {
        let seconds = arrival.seconds(from: now)
        let clock = ArrivalText.clock(arrival.expected, provider: alert.stop.provider, format: format)
        guard seconds >= 60 else {
            // TRANSLATORS: %1$@ a route and where it goes, %2$@ a clock time, %3$@ the stop: "124 to Eltham: due 14:07 at …".
            return tr("%1$@: due %2$@ at %3$@").filled(alert.routeName, clock, alert.stop.title)
        }
        // TRANSLATORS: %1$@ a route and where it goes, %2$ld minutes, %3$@ a clock time, %4$@ the stop.
        return tr("%1$@: %2$ld min, due %3$@ at %4$@").filled(alert.routeName, seconds / 60, clock, alert.stop.title)
    }

    /// "no route 999 at Catford Bridge Station (Stop D)"
    public static func noRoute(_ line: String, at stop: TransitStop) -> String {
        // TRANSLATORS: %1$@ a route number, %2$@ the stop.
        tr("no route %1$@ at %2$@").filled(line, stop.title)
    }

    /// "gave up after 60 seconds: route 73 to Angel was not within 5 min of King's Cross Station (Stop D)"
    public static func timedOut(_ alert: Alert, seconds: Int) -> String {
        // TRANSLATORS: %1$ld seconds, %2$@ a route and where it goes, %3$ld minutes, %4$@ the stop.
        trn("gave up after %1$ld second: route %2$@ was not within %3$ld min of %4$@",
            "gave up after %1$ld seconds: route %2$@ was not within %3$ld min of %4$@", seconds)
            .filled(seconds, alert.routeName, alert.minutes, alert.stop.title)
    }
}

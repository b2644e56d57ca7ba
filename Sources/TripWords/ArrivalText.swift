import Foundation
import TripCore

/// How arrival times read for people.
public enum ArrivalText {
    /// What a row says of one arrival: "2 min" for a bus; "9:23 am (3 min)" for a tram, whose
    /// signs show clock times, in the stop's own zone whatever the machine's (in `format`, else
    /// the city's habit).
    public static func display(_ arrival: Arrival, provider: any TransitProvider, now: Date, format: ClockFormat? = nil) -> String {
        let seconds = arrival.seconds(from: now)
        let countdown = countdown(seconds: seconds, provider: provider)
        guard provider.showsClockTime else { return countdown }
        let time = clock(arrival.expected, provider: provider, format: format)
        // TRANSLATORS: a tram due now as Melbourne's signs show it: clock time, then the due word: "9:23 am (Now)".
        guard seconds >= 60 else { return trc("tram arrival, due now", "%1$@ (%2$@)").filled(time, countdown) }
        // TRANSLATORS: a tram's arrival as Melbourne's signs show it: clock time, then minutes away: "9:23 am (3 min)".
        return trc("tram arrival, minutes away", "%1$@ (%2$@)").filled(time, countdown)
    }

    /// What the city's signs say: its due word under a minute ("Due", "Now"), otherwise "N min"
    /// (whole minutes, rounded down as countdown signs do).
    public static func countdown(seconds: Int, provider: any TransitProvider) -> String {
        seconds < 60 ? translated(provider.dueWord) : tr("%1$ld min").filled(seconds / 60)
    }

    /// Spoken form: "due" (London) or "now" (Melbourne), "in 1 minute", "in 7 minutes".
    public static func spoken(seconds: Int, provider: any TransitProvider) -> String {
        seconds < 60 ? translated(provider.dueWord).lowercased() : Plural.counted(seconds / 60, "in %ld minute", "in %ld minutes")
    }

    /// The wall-clock time of `instant` in `zone`, 24-hour: "14:05".
    public static func clock(_ instant: Date, in zone: TimeZone) -> String {
        LocalDateTime(instant, in: zone).clockTime
    }

    /// The time at the stop, in its own zone, in `format`, else as its city's signs show it:
    /// "14:05" in London, "9:23 am" in Melbourne.
    public static func clock(_ instant: Date, provider: any TransitProvider, format: ClockFormat? = nil) -> String {
        LocalDateTime(instant, in: provider.timeZone).clockTime(format ?? provider.clockHabit)
    }

    /// "Melbourne time": whose clock a stop's times are read on, when at `instant` it shows another
    /// time than a clock in `localZone` (a stop in Dublin seen from London needs no hint); nil when
    /// the two read the same. The city is the zone's own ("Australia/Melbourne", "America/New_York").
    public static func zoneHint(provider: any TransitProvider, against localZone: TimeZone, at instant: Date) -> String? {
        let zone = provider.timeZone
        guard zone.secondsFromGMT(for: instant) != localZone.secondsFromGMT(for: instant) else { return nil }
        let city = zone.identifier.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") } ?? zone.identifier
        // TRANSLATORS: whose clock a stop's times are on: "Melbourne time".
        return tr("%1$@ time").filled(city)
    }

    /// "2 min · estimated": an arrival's time counted down from arrivals kept from earlier.
    public static func estimated(_ time: String) -> String {
        time + " · " + KeptArrivals.estimatedMark
    }

    /// "just now", "1 min ago", "12 min ago", "2 h 5 min ago", "3 days ago": how old something fetched is.
    public static func age(seconds: Int) -> String {
        switch seconds {
        case ..<60: tr("just now")
        case ..<3600: tr("%1$ld min ago").filled(seconds / 60)
        // TRANSLATORS: how long ago, %1$@ a duration: "2 h 5 min ago".
        case ..<86_400: tr("%1$@ ago").filled(DurationText.short(minutes: seconds / 60))
        // TRANSLATORS: how long ago something was received, in whole days.
        default: trn("%1$ld day ago", "%1$ld days ago", seconds / 86_400).filled(seconds / 86_400)
        }
    }

    /// "Disruption: No trams between …": a service's notice with what kind it is.
    public static func notice(_ notice: StopNotice) -> String {
        let kind = switch notice.kind {
        case .disruption: tr("Disruption")
        case .specialEvent: tr("Special event")
        }
        // TRANSLATORS: a service's notice after its kind: "Disruption: No trams between …".
        return tr("%1$@: %2$@").filled(kind, notice.text)
    }
}

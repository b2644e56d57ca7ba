import Foundation

/// How arrival times read for people.
public enum ArrivalText {
    /// "Due" under a minute, otherwise "N min" (whole minutes, rounded down as TfL's countdown signs
    /// do); trams say "Now" under a minute, as Melbourne's signs do.
    public static func countdown(seconds: Int, provider: StopProvider = .tfl) -> String {
        seconds < 60 ? (provider == .tfl ? "Due" : "Now") : "\(seconds / 60) min"
    }

    /// What a row says of one arrival: "2 min" for a bus; "9:23 am (3 min)" for a tram, in
    /// Melbourne's own zone whatever the machine's (in `format`, else Melbourne's 12-hour habit).
    public static func display(_ arrival: Arrival, provider: StopProvider, now: Date, format: ClockFormat? = nil) -> String {
        let seconds = arrival.seconds(from: now)
        switch provider {
        case .tfl: return countdown(seconds: seconds)
        case .tramTracker:
            return "\(clock(arrival.expected, provider: provider, format: format)) (\(countdown(seconds: seconds, provider: provider)))"
        }
    }

    /// Spoken form: "due" (buses) or "now" (trams), "in 1 minute", "in 7 minutes".
    public static func spoken(seconds: Int, provider: StopProvider = .tfl) -> String {
        switch seconds {
        case ..<60: provider == .tfl ? "due" : "now"
        case 60..<120: "in 1 minute"
        default: "in \(seconds / 60) minutes"
        }
    }

    /// The wall-clock time of `instant` in `zone`, 24-hour: "14:05".
    public static func clock(_ instant: Date, in zone: TimeZone) -> String {
        LocalDateTime(instant, in: zone).clockTime
    }

    /// The time at the stop, in its own zone, in `format`, else as its city's signs show it:
    /// "14:05" in London, "9:23 am" in Melbourne.
    public static func clock(_ instant: Date, provider: StopProvider, format: ClockFormat? = nil) -> String {
        LocalDateTime(instant, in: provider.timeZone).clockTime(format ?? provider.clockHabit)
    }

    /// "just now", "1 min ago", "12 min ago", "2 h 5 min ago": how old something fetched is.
    public static func age(seconds: Int) -> String {
        switch seconds {
        case ..<60: "just now"
        case ..<3600: "\(seconds / 60) min ago"
        default: "\(DurationText.short(minutes: seconds / 60)) ago"
        }
    }
}

import Foundation

/// How arrival times read for people.
public enum ArrivalText {
    /// "Due" under a minute, otherwise "N min" (whole minutes, rounded down as TfL's countdown signs do).
    public static func countdown(seconds: Int) -> String {
        seconds < 60 ? "Due" : "\(seconds / 60) min"
    }

    /// Spoken form: "due", "in 1 minute", "in 7 minutes".
    public static func spoken(seconds: Int) -> String {
        switch seconds {
        case ..<60: "due"
        case 60..<120: "in 1 minute"
        default: "in \(seconds / 60) minutes"
        }
    }

    /// The wall-clock time of `instant` in `zone`, 24-hour: "14:05".
    public static func clock(_ instant: Date, in zone: TimeZone) -> String {
        LocalDateTime(instant, in: zone).clockTime
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

/// Durations as people read them.
public enum DurationText {
    /// "8 h 05 min", "45 min", "3 h".
    public static func short(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return "\(rest) min"
        case (_, 0): return "\(hours) h"
        default: return "\(hours) h \(rest < 10 ? "0" : "")\(rest) min"
        }
    }

    /// "8 hours 5 minutes", for screen readers.
    public static func spoken(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        var parts: [String] = []
        if hours > 0 { parts.append(Plural.counted(hours, "hour", "hours")) }
        if rest > 0 || hours == 0 { parts.append(Plural.counted(rest, "minute", "minutes")) }
        return parts.joined(separator: " ")
    }
}

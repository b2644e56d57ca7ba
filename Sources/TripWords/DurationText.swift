/// Durations as people read them.
public enum DurationText {
    /// "8 h 05 min", "45 min", "3 h".
    public static func short(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        switch (hours, rest) {
        // TRANSLATORS: a duration under an hour, in minutes: "45 min".
        case (0, _): return tr("%1$ld min").filled(rest)
        // TRANSLATORS: a duration of whole hours: "3 h".
        case (_, 0): return tr("%1$ld h").filled(hours)
        // TRANSLATORS: hours and minutes, the minutes always two digits: "8 h 05 min".
        default: return tr("%1$ld h %2$02ld min").filled(hours, rest)
        }
    }

    /// "8 hours 5 minutes", for screen readers.
    public static func spoken(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return Plural.counted(rest, "%ld minute", "%ld minutes")
        case (_, 0): return Plural.counted(hours, "%ld hour", "%ld hours")
        // TRANSLATORS: "8 hours 5 minutes": an amount of hours, then of minutes.
        default: return tr("%1$@ %2$@").filled(Plural.counted(hours, "%ld hour", "%ld hours"),
                                              Plural.counted(rest, "%ld minute", "%ld minutes"))
        }
    }
}

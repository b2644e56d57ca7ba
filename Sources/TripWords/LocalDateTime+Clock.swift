import TripCore

extension LocalDateTime {
    /// "21:23" in 24-hour form, "9:23 pm" in 12-hour form. Where English says "am" or "pm", other
    /// languages can say the part of the day ("du matin", "de l’après-midi", "du soir"), so the
    /// afternoon (noon to 6 pm) and the evening have messages of their own.
    public func clockTime(_ format: ClockFormat) -> String {
        switch format {
        case .twentyFourHour:
            // TRANSLATORS: a time on the 24-hour clock, hours and minutes: "21:23", "09:05".
            return tr("%1$02ld:%2$02ld").filled(hour, minute)
        case .twelveHour:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            switch hour {
            // TRANSLATORS: a time on the 12-hour clock before noon: "9:23 am".
            case ..<12: return trc("12-hour clock, morning", "%1$ld:%2$02ld am").filled(twelve, minute)
            // TRANSLATORS: a time on the 12-hour clock from noon to 6 pm: "3:23 pm".
            case ..<18: return trc("12-hour clock, afternoon", "%1$ld:%2$02ld pm").filled(twelve, minute)
            // TRANSLATORS: a time on the 12-hour clock from 6 pm to midnight: "9:23 pm".
            default: return trc("12-hour clock, evening", "%1$ld:%2$02ld pm").filled(twelve, minute)
            }
        }
    }
}

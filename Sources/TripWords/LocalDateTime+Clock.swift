import TripCore

extension LocalDateTime {
    /// "21:23" in 24-hour form, "9:23 pm" in 12-hour form.
    public func clockTime(_ format: ClockFormat) -> String {
        switch format {
        case .twentyFourHour: return clockTime
        case .twelveHour:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            return "\(twelve):" + (minute < 10 ? "0" : "") + "\(minute)" + (hour < 12 ? " am" : " pm")
        }
    }
}

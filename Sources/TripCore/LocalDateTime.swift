import Foundation

/// A wall-clock date and time with no offset, as Busbud sends "2021-08-28T09:30:00".
/// Only together with a time zone does it name an instant.
public struct LocalDateTime: Hashable, Sendable, CustomStringConvertible {
    public var date: LocalDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: LocalDate, hour: Int, minute: Int, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses "YYYY-MM-DDTHH:MM[:SS[.fff]]"; an offset or "Z", if present, is ignored.
    public init?(_ text: String) {
        let halves = text.split(separator: "T", maxSplits: 1)
        guard halves.count == 2, let date = LocalDate(String(halves[0])) else { return nil }
        let clock = halves[1].prefix { $0.isNumber || $0 == ":" || $0 == "." }
        let fields = clock.split(separator: ":")
        guard (2...3).contains(fields.count),
              let hour = Int(fields[0]), let minute = Int(fields[1]),
              (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        // Seconds may carry a fraction; anything else (too many digits, an overflow) is no time.
        let second = fields.count == 3 ? Double(fields[2]) ?? -1 : 0
        guard second.isFinite, second >= 0, second < 60 else { return nil }
        self.init(date: date, hour: hour, minute: minute, second: Int(second))
    }

    /// The instant this wall-clock time names in `timeZone`. A time skipped by a daylight-saving
    /// change moves forward by the gap (02:30 on a spring-forward night is 03:30); a repeated one
    /// is its first occurrence.
    public func instant(in timeZone: TimeZone) -> Date {
        Calendar.gregorian(in: timeZone).date(from: DateComponents(
            year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: second))!
    }

    /// The wall-clock time of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let parts = Calendar.gregorian(in: timeZone).dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        self.init(date: LocalDate(year: parts.year!, month: parts.month!, day: parts.day!),
                  hour: parts.hour!, minute: parts.minute!, second: parts.second!)
    }

    /// "2021-08-28T09:30:00", as the wire carries it.
    public var description: String {
        "\(date)T" + clockTime + ":" + zeroPadded(second, 2)
    }

    /// "09:30"
    public var clockTime: String {
        zeroPadded(hour, 2) + ":" + zeroPadded(minute, 2)
    }

    /// "21:23" in 24-hour form, "9:23 pm" in 12-hour form.
    public func clockTime(_ format: ClockFormat) -> String {
        switch format {
        case .twentyFourHour: return clockTime
        case .twelveHour:
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            return "\(twelve):" + zeroPadded(minute, 2) + (hour < 12 ? " am" : " pm")
        }
    }
}

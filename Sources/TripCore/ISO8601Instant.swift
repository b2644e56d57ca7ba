import Foundation

/// Reads instants: "YYYY-MM-DDTHH:MM[:SS[.fraction]]", any number of fractional digits, then "Z",
/// a "+HH:MM" or "+HHMM" offset, or (only where a service sends them so) nothing. Every field has
/// its own digits and must exist on the calendar and the clock: 2026-02-30, 25:00 or 09:60 are
/// refused, never a guessed or rolled-over time. Anything else is refused too.
public enum ISO8601Instant {
    /// Why `moment(_:)` refused a text.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not a date and time that exists, in the form above.
        case notAMoment
        /// A date and time without "Z" or an offset, which names a different instant in every zone.
        case noZone
    }

    /// The one reading of a moment a person gives, `--now` and `TRIPBOARD_NOW` alike: a zone ("Z" or
    /// an offset) is required.
    public static func moment(_ text: String) throws(Refusal) -> Date {
        guard let reading = read(text) else { throw .notAMoment }
        guard reading.zoned else { throw .noZone }
        return reading.instant
    }

    /// An instant as services send them, such as TfL's "2016-11-09T10:13:24.7163322Z"; one without a
    /// zone is read as UTC. Nil for anything that is not a moment.
    public static func parse(_ text: String) -> Date? {
        read(text)?.instant
    }

    /// The instant `text` names (in UTC when it has no zone), and whether it gave a zone.
    private static func read(_ text: String) -> (instant: Date, zoned: Bool)? {
        let halves = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2, let date = LocalDate(String(halves[0])) else { return nil }
        var rest = halves[1]
        /// The next two characters as a number, if both are ASCII digits.
        func twoDigits() -> Int? {
            let digits = rest.prefix(2)
            guard digits.count == 2, digits.allSatisfy(isDigit), let value = Int(digits) else { return nil }
            rest = rest.dropFirst(2)
            return value
        }
        func skip(_ character: Character) -> Bool {
            guard rest.first == character else { return false }
            rest = rest.dropFirst()
            return true
        }
        guard let hour = twoDigits(), hour < 24, skip(":"), let minute = twoDigits(), minute < 60 else { return nil }
        var second = 0
        var fraction = 0.0
        if skip(":") {
            guard let whole = twoDigits(), whole < 60 else { return nil }
            second = whole
            if skip(".") {
                let digits = rest.prefix(while: isDigit)
                guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
                fraction = value
                rest = rest.dropFirst(digits.count)
            }
        }
        var offset = 0
        var zoned = true
        if skip("Z") || skip("z") {
            guard rest.isEmpty else { return nil }
        } else if let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            guard let hours = twoDigits(), hours < 24 else { return nil }
            _ = skip(":")
            guard let minutes = twoDigits(), minutes < 60, rest.isEmpty else { return nil }
            offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else if rest.isEmpty {
            zoned = false
        } else {
            return nil
        }
        let local = LocalDateTime(date: date, hour: hour, minute: minute, second: second)
        return (local.instant(in: TimeZone(identifier: "UTC")!).addingTimeInterval(fraction - Double(offset)), zoned)
    }

    private static func isDigit(_ character: Character) -> Bool {
        character >= "0" && character <= "9"
    }

    /// "2026-11-22T09:05:00Z": UTC, whole seconds, as the command line prints instants.
    /// By arithmetic, not the calendar (the demo writes two for each arrival it sends).
    public static func utcString(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let (days, second) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (day, secondOfDay) = second < 0 ? (days - 1, second + 86_400) : (days, second)
        let utc = LocalDateTime(date: LocalDate(dayNumber: day), hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
                                second: secondOfDay % 60)
        return "\(utc)Z"
    }
}

import Foundation

/// Reads instants such as TfL's "2016-11-09T10:13:24.7163322Z" and the command line's `--now`:
/// "YYYY-MM-DDTHH:MM[:SS[.fraction]]", any number of fractional digits, then "Z", a "+HH:MM" or
/// "+HHMM" offset, or nothing (UTC). Every field has its own digits and must exist on the
/// calendar and the clock: 2026-02-30, 25:00 or 09:60 are nil, never a guessed or rolled-over
/// time. Anything else is nil too.
public enum ISO8601Instant {
    public static func parse(_ text: String) -> Date? {
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
        if skip("Z") || skip("z") {
            guard rest.isEmpty else { return nil }
        } else if let sign = rest.first, sign == "+" || sign == "-" {
            rest = rest.dropFirst()
            guard let hours = twoDigits(), hours < 24 else { return nil }
            _ = skip(":")
            guard let minutes = twoDigits(), minutes < 60, rest.isEmpty else { return nil }
            offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
        } else if !rest.isEmpty {
            return nil
        }
        let local = LocalDateTime(date: date, hour: hour, minute: minute, second: second)
        return local.instant(in: TimeZone(identifier: "UTC")!).addingTimeInterval(fraction - Double(offset))
    }

    private static func isDigit(_ character: Character) -> Bool {
        character >= "0" && character <= "9"
    }

    /// "2026-11-22T09:05:00Z": UTC, whole seconds, as the command line prints instants.
    public static func utcString(_ instant: Date) -> String {
        let utc = LocalDateTime(instant, in: TimeZone(identifier: "UTC")!)
        return "\(utc)Z"
    }
}

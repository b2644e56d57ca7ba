import Foundation
import Synchronization

/// A calendar day with no time zone, as "2016-07-29" on the wire.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses "YYYY-MM-DD"; nil for anything else, including days that do not exist (2023-02-30).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              LocalDate.isValid(year: year, month: month, day: day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let parts = Calendar.gregorian(in: timeZone).dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    public var description: String {
        zeroPadded(year, 4) + "-" + zeroPadded(month, 2) + "-" + zeroPadded(day, 2)
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// Days since 1970-01-01 in the Gregorian calendar, counted from the year, month and day
    /// (March first, so that a leap day ends its year): a search reads two dates a departure.
    var dayNumber: Int {
        let marchYear = month > 2 ? year : year - 1
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01: the inverse of `dayNumber`, by arithmetic.
    init(dayNumber: Int) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: dayOfYear - (153 * marchMonth + 2) / 5 + 1)
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }
}

extension Calendar {
    /// The Gregorian calendar in `timeZone`. Made once per zone: making a calendar costs more than
    /// the date arithmetic done with it (thousands of departures are read per search).
    public static func gregorian(in timeZone: TimeZone) -> Calendar {
        GregorianCalendars.shared.withLock { made in
            if let calendar = made[timeZone.identifier] { return calendar }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            made[timeZone.identifier] = calendar
            return calendar
        }
    }
}

private enum GregorianCalendars {
    static let shared = Mutex<[String: Calendar]>([:])
}

/// "07" for (7, 2): what `String(format: "%02d")` gives, five times quicker, which a list of 10,000
/// departures feels.
func zeroPadded(_ number: Int, _ width: Int) -> String {
    let digits = String(number.magnitude)
    let padding = String(repeating: "0", count: max(0, width - digits.count))
    return (number < 0 ? "-" : "") + padding + digits
}

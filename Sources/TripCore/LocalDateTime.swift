import Foundation
import Synchronization

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
        guard let value = Self.readQuickly(text) ?? Self.readCarefully(text) else { return nil }
        self = value
    }

    /// The two forms the services send, "2021-08-28T09:30:00" and "2021-08-28T09:30", read from
    /// their bytes: a tenth of the time of `readCarefully`, which a search of 10,000 departures
    /// (two times each) feels. Nil for anything else, which `readCarefully` then reads; where this
    /// answers, the two agree (tested).
    static func readQuickly(_ text: String) -> LocalDateTime? {
        var text = text
        return text.withUTF8 { bytes -> LocalDateTime? in
            guard bytes.count == 16 || bytes.count == 19,
                  bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
                  bytes[13] == UInt8(ascii: ":"), bytes.count == 16 || bytes[16] == UInt8(ascii: ":")
            else { return nil }
            func number(at start: Int, digits: Int) -> Int? {
                var value = 0
                for index in start..<(start + digits) {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int(digit)
                }
                return value
            }
            guard let year = number(at: 0, digits: 4), let month = number(at: 5, digits: 2),
                  let day = number(at: 8, digits: 2), let hour = number(at: 11, digits: 2),
                  let minute = number(at: 14, digits: 2),
                  let second = bytes.count == 19 ? number(at: 17, digits: 2) : 0,
                  LocalDate.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
            else { return nil }
            return LocalDateTime(date: LocalDate(year: year, month: month, day: day), hour: hour, minute: minute,
                                 second: second)
        }
    }

    /// Any "YYYY-MM-DDTHH:MM[:SS[.fff]]", with an offset or "Z" ignored.
    static func readCarefully(_ text: String) -> LocalDateTime? {
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
        return LocalDateTime(date: date, hour: hour, minute: minute, second: Int(second))
    }

    /// The instant this wall-clock time names in `timeZone`. A time skipped by a daylight-saving
    /// change moves forward by the gap (02:30 on a spring-forward night is 03:30); a repeated one
    /// is its first occurrence.
    public func instant(in timeZone: TimeZone) -> Date {
        let wallClock = Double(date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second)
        if let offset = SteadyOffsets.offset(of: timeZone, atWallClock: wallClock) {
            return Date(timeIntervalSince1970: wallClock - offset)
        }
        return calendarInstant(in: timeZone)
    }

    /// `instant(in:)` as the calendar reckons it, daylight-saving changes and all.
    func calendarInstant(in timeZone: TimeZone) -> Date {
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
}

/// Each zone's offset over the last stretch of time asked about in which it does not change: a
/// search's departures fall on a few days, so nearly every wall-clock time is its instant at that
/// offset, found by arithmetic (the calendar's reckoning, a thousand times over, was most of the
/// time a search took to resolve its departures). A time within two days of a change (the offset
/// moved by up to 48 hours, as Samoa's did) is left to the calendar.
enum SteadyOffsets {
    private struct Stretch {
        /// The zone's offset at every instant from `start` up to `end`.
        var start: Double
        var end: Double
        var offset: Double

        /// The instant of `wallClock` (seconds since 1970 as if in UTC), when it lies well within.
        func instant(ofWallClock wallClock: Double) -> Double? {
            let instant = wallClock - offset
            return instant - margin >= start && instant + margin < end ? instant : nil
        }
    }

    private static let margin: Double = 2 * 86_400
    private static let stretches = Mutex<[String: Stretch]>([:])

    /// The zone's offset from UTC, in seconds, at the instant `wallClock` names, when no change of
    /// offset is near it; nil otherwise.
    static func offset(of zone: TimeZone, atWallClock wallClock: Double) -> Double? {
        let identifier = zone.identifier
        if let known = stretches.withLock({ $0[identifier] }), known.instant(ofWallClock: wallClock) != nil {
            return known.offset
        }
        // The stretch holding the instants this wall-clock time could name (within 14 hours of it),
        // and the one after, should a change come between.
        var start = wallClock - 2 * margin
        for _ in 0..<2 {
            let end = zone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: start))?.timeIntervalSince1970
                ?? .infinity
            let stretch = Stretch(start: start, end: end,
                                  offset: Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: start))))
            if stretch.instant(ofWallClock: wallClock) != nil {
                stretches.withLock { $0[identifier] = stretch }
                return stretch.offset
            }
            guard end < wallClock + 2 * margin else { return nil }
            start = end
        }
        return nil
    }
}

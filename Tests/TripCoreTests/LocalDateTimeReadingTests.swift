import Foundation
import Testing
import TestSupport
@testable import TripCore

/// The quick reading of wire times answers only where the careful one gives the same answer.
struct LocalDateTimeReadingTests {
    @Test(arguments: ["2021-08-28T09:30:00", "2021-08-28T09:30", "2016-07-29T23:59:59", "2024-02-29T00:00:00"])
    func theServicesFormsAreReadQuickly(text: String) throws {
        let quick = try #require(LocalDateTime.readQuickly(text))
        #expect(quick == LocalDateTime.readCarefully(text))
        #expect(LocalDateTime(text) == quick)
    }

    @Test(arguments: ["2023-02-29T09:30:00", "2021-13-01T09:30", "2021-08-28T24:00", "2021-08-28T09:60:00",
                      "2021-08-28T09:30:60", "+021-08-28T09:30", "2021-08-28 09:30:00", "2021-08-28T09:30:00Z",
                      "2021-08-28T09:30:00.5", "２０２１-08-28T09:30"])
    func otherFormsAreLeftToTheCarefulReading(text: String) {
        #expect(LocalDateTime.readQuickly(text) == nil)
        #expect(LocalDateTime(text) == LocalDateTime.readCarefully(text))
    }

    /// Mutations of a wire time, a character at a time: wherever the quick reading answers, the
    /// careful one answers the same.
    @Test func quickAndCarefulReadingsAgree() {
        let alphabet = Array("0123456789-T:.Z+ x9")
        var generator = SystemRandomNumberGenerator()
        for seed in ["2021-08-28T09:30:00", "2016-02-29T23:59", "1999-12-31T00:00:59"] {
            for _ in 0..<3_000 {
                var characters = Array(seed)
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    characters[Int.random(in: 0..<characters.count, using: &generator)] =
                        alphabet.randomElement(using: &generator)!
                }
                let text = String(characters)
                if let quick = LocalDateTime.readQuickly(text) {
                    #expect(quick == LocalDateTime.readCarefully(text), "\(text)")
                }
            }
        }
    }

    /// Days between dates counted from their numbers, as the Gregorian calendar counts them: over
    /// month and year ends, leap days and centuries, either way.
    @Test func daysBetweenDatesAreTheCalendarsDays() {
        let utc = Calendar.gregorian(in: TimeZone(identifier: "UTC")!)
        func calendarDays(_ from: LocalDate, _ to: LocalDate) -> Int {
            let start = utc.date(from: DateComponents(year: from.year, month: from.month, day: from.day))!
            let end = utc.date(from: DateComponents(year: to.year, month: to.month, day: to.day))!
            return utc.dateComponents([.day], from: start, to: end).day!
        }
        var random = SplitMix64(seed: 0x6461_7973)
        let anchors = [LocalDate(year: 1970, month: 1, day: 1), LocalDate(year: 2000, month: 2, day: 29),
                       LocalDate(year: 2026, month: 12, day: 31), LocalDate(year: 1900, month: 3, day: 1)]
        for _ in 0..<2_000 {
            let year = 1600 + Int(random.next() % 800), month = 1 + Int(random.next() % 12)
            let date = LocalDate(year: year, month: month, day: 1 + Int(random.next() % 28))
            let other = anchors[Int(random.next() % UInt64(anchors.count))]
            #expect(date.days(to: other) == calendarDays(date, other), "\(date) to \(other)")
            #expect(other.days(to: date) == -date.days(to: other))
        }
        #expect(LocalDate(year: 2024, month: 2, day: 28).days(to: LocalDate(year: 2024, month: 3, day: 1)) == 2)
        #expect(LocalDate(year: 2100, month: 2, day: 28).days(to: LocalDate(year: 2100, month: 3, day: 1)) == 1)
        #expect(LocalDate(year: 1970, month: 1, day: 1).dayNumber == 0)
    }

    /// A day number gives back its date (the inverse, by arithmetic), and adding days lands where
    /// the calendar says, across months, leap days, centuries and 1970 either way.
    @Test func dayNumbersGiveBackTheirDatesAndAddingDaysIsTheCalendars() {
        var random = SplitMix64(seed: 24)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        for _ in 0..<2_000 {
            let date = LocalDate(year: 1600 + Int(random.next() % 800), month: 1 + Int(random.next() % 12), day: 1 + Int(random.next() % 28))
            #expect(LocalDate(dayNumber: date.dayNumber) == date)
            let days = Int(random.next() % 4_001) - 2_000
            let start = utc.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
            let parts = utc.dateComponents([.year, .month, .day], from: utc.date(byAdding: .day, value: days, to: start)!)
            #expect(date.adding(days: days) == LocalDate(year: parts.year!, month: parts.month!, day: parts.day!), "\(date) + \(days)")
        }
        #expect(LocalDate(year: 2024, month: 2, day: 28).adding(days: 1) == LocalDate(year: 2024, month: 2, day: 29))
        #expect(LocalDate(year: 1970, month: 1, day: 1).adding(days: -1) == LocalDate(year: 1969, month: 12, day: 31))
    }
}

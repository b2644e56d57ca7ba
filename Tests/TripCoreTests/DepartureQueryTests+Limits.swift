import Foundation
import Testing
import TripCore
import TripWords

/// What a search may ask for: travellers within the limit before anything is summed, and only the
/// days coach services sell. The window and the command line both ask `problem(today:)`.
extension DepartureQueryTests {
    static let today = LocalDate(year: 2026, month: 11, day: 22)

    static func query(adults: Int = 1, children: Int = 0, seniors: Int = 0, date: LocalDate = today) -> DepartureQuery {
        DepartureQuery(origin: "dr5reg", destination: "f25dvk", date: date, adults: adults, children: children,
                       seniors: seniors)
    }

    /// Counts that would overflow when summed are refused as too many, never a trap.
    @Test(arguments: [(Int.max, 1, 0), (1, Int.max, Int.max), (Int.max, Int.max, Int.max), (21, 0, 0), (15, 6, 0)])
    func tooManyTravellersAreRefusedBeforeTheyAreSummed(adults: Int, children: Int, seniors: Int) {
        let query = Self.query(adults: adults, children: children, seniors: seniors)
        #expect(query.problem?.sentence == "Book groups of more than 20 travellers with the operator.")
        #expect(query.travellers > 20)
    }

    /// Negative counts are said as such, whatever the others are, even the smallest Int.
    @Test(arguments: [(-1, 0, 0), (Int.min, Int.min, 0), (5, Int.min, Int.max)])
    func negativeCountsAreRefused(adults: Int, children: Int, seniors: Int) {
        #expect(Self.query(adults: adults, children: children, seniors: seniors).problem?.sentence
            == "Traveller counts cannot be negative.")
    }

    /// The sum saturates instead of overflowing.
    @Test func travellersSaturate() {
        #expect(Self.query(adults: Int.max, children: 1).travellers == Int.max)
        #expect(Self.query(adults: Int.min, children: -1).travellers == Int.min)
        #expect(Self.query(adults: 20).travellers == 20)
        #expect(Self.query(adults: 2, children: 3, seniors: 4).travellers == 9)
    }

    /// Twenty travellers is the most, and fine.
    @Test func twentyTravellersMaySearch() {
        #expect(Self.query(adults: 20).problem(today: Self.today)?.sentence == nil)
        #expect(Self.query(adults: 10, children: 5, seniors: 5).problem(today: Self.today)?.sentence == nil)
    }

    /// Today and the next 365 days are sold; the day before and the day after are refused, saying which.
    @Test func onlyTheDaysServicesSellMayBeSearched() {
        let days = DepartureQuery.bookableDays(today: Self.today)
        #expect(days == Self.today...LocalDate(year: 2027, month: 11, day: 22))
        #expect(Self.query(date: Self.today).problem(today: Self.today)?.sentence == nil)
        #expect(Self.query(date: days.upperBound).problem(today: Self.today)?.sentence == nil)
        #expect(Self.query(date: LocalDate(year: 2026, month: 11, day: 21)).problem(today: Self.today)?.sentence
            == "2026-11-21 is in the past: choose a day from today (2026-11-22) to 2027-11-22.")
        #expect(Self.query(date: LocalDate(year: 1, month: 1, day: 1)).problem(today: Self.today)?.sentence
            .hasPrefix("0001-01-01 is in the past") == true)
        #expect(Self.query(date: LocalDate(year: 2027, month: 11, day: 23)).problem(today: Self.today)?.sentence
            == "2027-11-23 is too far ahead: coaches are sold up to 365 days ahead, until 2027-11-22.")
    }

    /// A problem with the search itself comes before its day.
    @Test func theSearchsOwnProblemComesFirst() {
        let query = DepartureQuery(origin: "dr5reg", destination: "dr5reg", date: LocalDate(year: 2000, month: 1, day: 1))
        #expect(query.problem(today: Self.today)?.sentence == "Choose two different cities.")
    }
}

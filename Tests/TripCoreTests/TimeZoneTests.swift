import Foundation
import Testing
@testable import TripCore

/// Departure and arrival times are local to each end's zone; durations and "+1" follow from that.
struct TimeZoneTests {
    func resolve(_ departure: String, _ departureZone: String, _ arrival: String, _ arrivalZone: String,
                 duration: Int? = nil) throws -> ResolvedDeparture {
        try #require(ResolvedDeparture(
            Departure(id: "x", operatorId: nil, originLocationId: nil, destinationLocationId: nil,
                      departureTime: departure, arrivalTime: arrival, departureTimezone: departureZone,
                      arrivalTimezone: arrivalZone, duration: duration, prices: Prices(total: 100, currency: nil)),
            operators: [:], locations: [:], currency: "USD", fallbackZone: .gmt))
    }

    /// An overnight coach arrives the next calendar day, marked +1.
    @Test func overnightArrivalIsNextDay() throws {
        let trip = try resolve("2016-07-29T23:30:00", "America/New_York", "2016-07-30T07:45:00", "America/Montreal")
        #expect(trip.arrivalDayOffset == 1)
        #expect(trip.arrivesNextDay)
        #expect(trip.durationMinutes == 8 * 60 + 15)
        #expect(trip.localDeparture.clockTime == "23:30")
        #expect(trip.localArrival.clockTime == "07:45")
    }

    /// Across zones the duration is real elapsed time, not the difference of the clock faces.
    @Test func durationAcrossZones() throws {
        let trip = try resolve("2024-06-01T08:00:00", "America/Vancouver", "2024-06-01T22:00:00", "America/Toronto")
        #expect(trip.durationMinutes == 11 * 60)
        #expect(ResolvedDeparture.iso8601(trip.departure, in: trip.departureZone) == "2024-06-01T08:00:00-07:00")
        #expect(ResolvedDeparture.iso8601(trip.arrival, in: trip.arrivalZone) == "2024-06-01T22:00:00-04:00")
    }

    /// A day at the clock face can be earlier across a zone line and still be a forward trip.
    @Test func eastToWestSameDay() throws {
        let trip = try resolve("2024-06-01T09:00:00", "America/Toronto", "2024-06-01T08:30:00", "America/Chicago")
        #expect(trip.durationMinutes == 30)
        #expect(trip.arrivalDayOffset == 0)
    }

    /// On the spring-forward night an hour vanishes: 01:30 to 05:30 is three hours, not four.
    @Test func springForwardDay() throws {
        let trip = try resolve("2024-03-10T01:30:00", "America/New_York", "2024-03-10T05:30:00", "America/New_York")
        #expect(trip.durationMinutes == 3 * 60)
        #expect(ResolvedDeparture.iso8601(trip.arrival, in: trip.arrivalZone) == "2024-03-10T05:30:00-04:00")
        #expect(ResolvedDeparture.iso8601(trip.departure, in: trip.departureZone) == "2024-03-10T01:30:00-05:00")
    }

    /// On the fall-back night an hour repeats: 00:30 to 03:30 is four hours.
    @Test func fallBackDay() throws {
        let trip = try resolve("2024-11-03T00:30:00", "America/Toronto", "2024-11-03T03:30:00", "America/Toronto")
        #expect(trip.durationMinutes == 4 * 60)
    }

    /// A time skipped by the clock change moves forward by the gap.
    @Test func timeInTheGapMovesForward() throws {
        let instant = try #require(LocalDateTime("2024-03-10T02:30:00")).instant(in: TimeZone(identifier: "America/New_York")!)
        #expect(ResolvedDeparture.iso8601(instant, in: TimeZone(identifier: "America/New_York")!) == "2024-03-10T03:30:00-04:00")
    }

    /// When the service states the duration, it wins.
    @Test func statedDurationWins() throws {
        let trip = try resolve("2016-07-29T07:00:00", "America/New_York", "2016-07-29T15:05:00", "America/Montreal", duration: 480)
        #expect(trip.durationMinutes == 480)
    }

    /// Times that are not times make the departure unreadable rather than wrong.
    @Test(arguments: ["", "2016-07-29", "2016-07-29T25:00:00", "2016-02-30T10:00:00", "noon"])
    func unreadableTimesAreRejected(text: String) {
        #expect(LocalDateTime(text) == nil)
    }

    /// Offsets on the wire, if any, are ignored: the zone field decides.
    @Test func wireOffsetIsIgnored() {
        #expect(LocalDateTime("2016-07-29T07:00:00Z")?.clockTime == "07:00")
        #expect(LocalDateTime("2016-07-29T07:00:00.000-04:00")?.clockTime == "07:00")
    }
}

/// Wall-clock times read by arithmetic where no change of offset is near agree with the calendar's
/// reckoning everywhere: every 97 minutes over two years in zones with a daylight-saving change
/// forward, back, in the other hemisphere, with none, and with a whole day skipped (Samoa, 2011).
struct SteadyOffsetTests {
    @Test(arguments: ["America/New_York", "Europe/London", "Europe/Dublin", "Australia/Melbourne",
                      "Australia/Lord_Howe", "Asia/Kolkata", "UTC", "America/Sao_Paulo", "Pacific/Apia"])
    func agreesWithTheCalendar(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let start = identifier == "Pacific/Apia" ? LocalDate(year: 2011, month: 1, day: 1) : LocalDate(year: 2024, month: 1, day: 1)
        var disagreements: [String] = []
        for step in 0..<(2 * 365 * 24 * 60 / 97) {
            let minutes = step * 97
            let time = LocalDateTime(date: start.adding(days: minutes / 1440), hour: minutes % 1440 / 60, minute: minutes % 60)
            let instant = time.instant(in: zone), reckoned = time.calendarInstant(in: zone)
            if instant != reckoned { disagreements.append("\(time): \(instant) against \(reckoned)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    }

    /// Near a change the calendar decides, and far from one the arithmetic does.
    @Test func onlyTimesFarFromAChangeAreReckonedByArithmetic() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        func wallClock(_ text: String) throws -> Double {
            let time = try #require(LocalDateTime(text))
            return Double(time.date.dayNumber * 86_400 + time.hour * 3_600 + time.minute * 60)
        }
        #expect(SteadyOffsets.offset(of: newYork, atWallClock: try wallClock("2024-07-01T12:00:00")) == -4 * 3_600)
        #expect(SteadyOffsets.offset(of: newYork, atWallClock: try wallClock("2024-03-10T02:30:00")) == nil)
        #expect(SteadyOffsets.offset(of: newYork, atWallClock: try wallClock("2024-11-03T01:30:00")) == nil)
        #expect(SteadyOffsets.offset(of: newYork, atWallClock: try wallClock("2024-12-01T12:00:00")) == -5 * 3_600)
    }
}

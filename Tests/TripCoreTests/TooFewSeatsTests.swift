import Foundation
import Testing
@testable import TripCore
import TripWords

/// A coach with fewer seats left than the search's travellers is not offered, and is counted.
struct TooFewSeatsTests {
    func party(_ adults: Int, children: Int = 0, seniors: Int = 0) -> DepartureQuery {
        DepartureQuery(origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29),
                       adults: adults, children: children, seniors: seniors)
    }

    func coach(_ id: String, seats: Int?) -> Departure {
        Departure(id: id, operatorId: nil, originLocationId: nil, destinationLocationId: nil,
                  departureTime: "2016-07-29T07:00:00", arrivalTime: "2016-07-29T15:05:00",
                  departureTimezone: "America/New_York", arrivalTimezone: "America/Montreal",
                  prices: Prices(total: 5000, currency: "USD"), availableSeats: seats)
    }

    /// With 20 travellers, coaches with 2 and 9 seats left are left out and said; one with exactly
    /// 20 and one whose seats are unknown are offered.
    @Test func coachesWithTooFewSeatsAreLeftOut() {
        var gathering = SearchGathering(query: party(12, children: 6, seniors: 2))
        gathering.add(DeparturesPage(departures: [coach("two", seats: 2), coach("nine", seats: 9),
                                                  coach("twenty", seats: 20), coach("unknown", seats: nil)],
                                     complete: true))
        let snapshot = gathering.snapshot(.complete)
        #expect(snapshot.departures.map(\.id) == ["twenty", "unknown"])
        #expect(snapshot.tooFewSeats == 2)
        #expect(snapshot.skipped == 0, "they were read: not counted as unreadable")
        #expect(snapshot.leftOutSentence == "2 coaches with too few seats left for 20 travellers were left out")
    }

    /// A later page's copy decides again: fewer seats take a coach out, more put it back in its place.
    @Test func laterCopyDecidesAgain() {
        var gathering = SearchGathering(query: party(4))
        gathering.add(DeparturesPage(departures: [coach("a", seats: 30), coach("b", seats: 3)], complete: false))
        #expect(gathering.snapshot(.searching).departures.map(\.id) == ["a"])
        gathering.add(DeparturesPage(departures: [coach("a", seats: 1), coach("b", seats: 4), coach("c", seats: 9)],
                                     complete: true))
        let last = gathering.snapshot(.complete)
        #expect(last.departures.map(\.id) == ["b", "c"])
        #expect(last.tooFewSeats == 1)
        #expect(last.leftOutSentence == "1 coach with too few seats left for 4 travellers was left out")
    }

    /// Pages that only add are added to what is offered, in arrival order: before and after the
    /// first coach too small for the party, in the middle of a page; and when a later copy of the
    /// only small coach has room, every coach is offered again.
    @Test func pagesThatOnlyAddKeepTheArrivalOrder() {
        var gathering = SearchGathering(query: party(4))
        gathering.add(DeparturesPage(departures: [coach("a", seats: 30), coach("b", seats: nil)], complete: false))
        #expect(gathering.snapshot(.searching).departures.map(\.id) == ["a", "b"])
        gathering.add(DeparturesPage(departures: [coach("c", seats: 5), coach("d", seats: 2), coach("e", seats: 8)],
                                     complete: false))
        #expect(gathering.snapshot(.searching).departures.map(\.id) == ["a", "b", "c", "e"])
        #expect(gathering.snapshot(.searching).tooFewSeats == 1)
        gathering.add(DeparturesPage(departures: [coach("f", seats: 1), coach("g", seats: 4)], complete: false))
        #expect(gathering.snapshot(.searching).departures.map(\.id) == ["a", "b", "c", "e", "g"])
        #expect(gathering.snapshot(.searching).tooFewSeats == 2)
        gathering.add(DeparturesPage(departures: [coach("d", seats: 9), coach("f", seats: 6), coach("h", seats: 7)],
                                     complete: true))
        let last = gathering.snapshot(.complete)
        #expect(last.departures.map(\.id) == ["a", "b", "c", "d", "e", "f", "g", "h"])
        #expect(last.tooFewSeats == 0)
        #expect(last.leftOutSentence == nil)
    }

    /// For one traveller only a coach with no seats left is left out, and said as such; unreadable
    /// departures and small coaches share the one line, each with its own count.
    @Test func soldOutAndUnreadableInOneLine() {
        var gathering = SearchGathering(query: party(1))
        gathering.add(DeparturesPage(departures: [coach("full", seats: 0), coach("one", seats: 1)], skipped: 2,
                                     skipReason: .missingField("prices", at: ["departures", "3"]), complete: true))
        let snapshot = gathering.snapshot(.complete)
        #expect(snapshot.departures.map(\.id) == ["one"])
        #expect(snapshot.leftOutSentence == "2 departures could not be read (the first: no prices in departures.3); "
            + "1 coach with no seats left was left out")
    }

    /// Nothing left out, nothing said.
    @Test func everyCoachBigEnough() {
        var gathering = SearchGathering(query: party(2))
        gathering.add(DeparturesPage(departures: [coach("a", seats: 2), coach("b", seats: nil)], complete: true))
        #expect(gathering.snapshot(.complete).departures.count == 2)
        #expect(gathering.snapshot(.complete).leftOutSentence == nil)
    }
}

import Foundation
import Testing
@testable import TripCore

/// A search's snapshots keep one lineage while they only add departures after those given, and
/// draw a new one whenever a departure given changes or goes: the window takes a snapshot of the
/// same lineage as "those shown, and these new ones".
struct SearchLineageTests {
    let query = DepartureQuery(origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29),
                               adults: 2)

    func coach(_ id: String, seats: Int? = nil, cents: Int = 5000, operatorID: String? = nil) -> Departure {
        Departure(id: id, operatorId: operatorID, originLocationId: nil, destinationLocationId: nil,
                  departureTime: "2016-07-29T07:00:00", arrivalTime: "2016-07-29T15:05:00",
                  departureTimezone: "America/New_York", arrivalTimezone: "America/Montreal",
                  prices: Prices(total: cents, currency: "USD"), availableSeats: seats)
    }

    /// Whether `later` lists `earlier`'s departures first, unchanged: what one lineage promises.
    func extends(_ later: SearchSnapshot, _ earlier: SearchSnapshot) -> Bool {
        later.departures.starts(with: earlier.departures)
    }

    @Test func pagesThatOnlyAddKeepTheLineage() {
        var gathering = SearchGathering(query: query)
        gathering.add(DeparturesPage(departures: [coach("a"), coach("b")], complete: false))
        let first = gathering.snapshot(.searching)
        gathering.add(DeparturesPage(departures: [coach("c"), coach("b"), coach("d")], complete: false))
        let second = gathering.snapshot(.searching)
        #expect(second.lineage === first.lineage, "b came again unchanged")
        #expect(extends(second, first) && second.departures.map(\.id) == ["a", "b", "c", "d"])
        // While some coaches are too small for the party, the others that come are added after.
        gathering.add(DeparturesPage(departures: [coach("e", seats: 1)], complete: false))
        let third = gathering.snapshot(.searching)
        gathering.add(DeparturesPage(departures: [coach("f", seats: 1), coach("g", seats: 9)], complete: true))
        let last = gathering.snapshot(.complete)
        #expect(last.lineage === third.lineage && extends(last, third))
        #expect(last.departures.map(\.id) == ["a", "b", "c", "d", "g"])
    }

    @Test func aChangedDepartureDrawsANewLineage() {
        var gathering = SearchGathering(query: query)
        gathering.add(DeparturesPage(departures: [coach("a"), coach("b")], complete: false))
        let first = gathering.snapshot(.searching)
        gathering.add(DeparturesPage(departures: [coach("a", cents: 4500)], complete: false))
        let repriced = gathering.snapshot(.searching)
        #expect(repriced.lineage !== first.lineage)
        #expect(repriced.departures.map(\.priceCents) == [4500, 5000])
    }

    @Test func aDepartureThatGoesDrawsANewLineage() {
        var gathering = SearchGathering(query: query)
        gathering.add(DeparturesPage(departures: [coach("a", seats: 5), coach("b")], complete: false))
        let first = gathering.snapshot(.searching)
        gathering.add(DeparturesPage(departures: [coach("a", seats: 1)], complete: false))
        let fewer = gathering.snapshot(.searching)
        #expect(fewer.lineage !== first.lineage)
        #expect(fewer.departures.map(\.id) == ["b"])
    }

    @Test func anOperatorNamedLaterDrawsANewLineage() {
        var gathering = SearchGathering(query: query)
        gathering.add(DeparturesPage(departures: [coach("a", operatorID: "gh")], complete: false))
        let first = gathering.snapshot(.searching)
        #expect(first.departures.first?.operatorName == nil)
        gathering.add(DeparturesPage(operators: [Operator(id: "gh", name: "Greyhound")], departures: [coach("b")],
                                     complete: false))
        let named = gathering.snapshot(.searching)
        #expect(named.lineage !== first.lineage)
        #expect(named.departures.map(\.operatorName) == ["Greyhound", nil])
    }

    @Test func twoSearchesNeverShareALineage() {
        var one = SearchGathering(query: query), other = SearchGathering(query: query)
        one.add(DeparturesPage(departures: [coach("a")], complete: true))
        other.add(DeparturesPage(departures: [coach("a")], complete: true))
        #expect(one.snapshot(.complete).lineage !== other.snapshot(.complete).lineage)
        #expect(SearchSnapshot(phase: .complete).lineage !== SearchSnapshot(phase: .complete).lineage)
    }
}

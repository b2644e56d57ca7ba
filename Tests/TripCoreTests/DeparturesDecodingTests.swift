import Foundation
import Testing
@testable import TripCore
import TripWords

struct DeparturesDecodingTests {
    /// The first answer brings cities, locations, operators and departures; unknown fields are ignored.
    @Test func firstAnswerDecodes() throws {
        let page = try DeparturesPage.decode(Fixture.data("busbud-first.json"))
        #expect(page.cities.map(\.name) == ["New York", "Montréal"])
        #expect(page.locations.map(\.id) == [1, 2])
        #expect(page.operators.first?.shownName == "Greyhound")
        #expect(page.departures.map(\.id) == ["dep-day", "dep-night"])
        #expect(page.complete == false)
        #expect(page.isValidRoute)
        let day = try #require(page.departures.first)
        #expect(day.prices == Prices(total: 5200, currency: "USD",
                                     breakdown: Prices.Breakdown(base: 4500, fees: 200, taxes: 500, discount: 0)))
        #expect(day.amenities?.labels == ["Wi-Fi", "Power outlets", "Toilet", "Air conditioning"])
        #expect(day.tripStops?.map(\.name) == ["Port Authority Bus Terminal", "Albany Bus Terminal", "Gare d'autocars de Montréal"])
    }

    /// A malformed departure is left out but still counted in what arrived (the next poll's index).
    @Test func malformedDepartureIsSkippedButCounted() throws {
        let page = try DeparturesPage.decode(Fixture.data("busbud-first.json"))
        #expect(page.skipped == 1)
        #expect(page.received == 3)
    }

    /// An operator whose display name is empty is shown by its name.
    @Test func emptyDisplayNameFallsBackToName() throws {
        let page = try DeparturesPage.decode(Fixture.data("busbud-poll-1.json"))
        #expect(page.operators.first?.shownName == "Late Coaches Inc.")
        #expect(page.cities.isEmpty)
        #expect(page.locations.isEmpty)
    }

    /// A pair the service does not serve decodes as an empty, complete, invalid route.
    @Test func invalidRouteDecodes() throws {
        let page = try DeparturesPage.decode(Fixture.data("busbud-invalid-route.json"))
        #expect(!page.isValidRoute)
        #expect(page.complete)
        #expect(page.departures.isEmpty)
    }

    /// Bodies missing what a page must have are decoding errors naming it.
    @Test func missingCompleteIsAnError() throws {
        #expect {
            try DeparturesPage.decode(Fixture.data("busbud-no-complete.json"))
        } throws: { error in
            guard case APIError.decoding(let problem) = error else { return false }
            let reason = problem.sentence
            return reason.contains("complete")
        }
        #expect(throws: APIError.self) { try DeparturesPage.decode(Fixture.data("not-json.html")) }
    }

    /// Real captured first answers and poll pages decode whole (../shared/fixtures/busbud).
    @Test(arguments: [
        ("busbud/search_response_not_complete.json", 3, false, 38),
        ("busbud/search_response_complete.json", 3, true, 38),
        ("busbud/poll_response_not_complete.json", 2, false, 0),
        ("busbud/poll_response_complete.json", 1, true, 0),
        ("busbud/frontend_search_response.json", 5, true, 33),
    ])
    func realCapturedPagesDecode(file: String, departures: Int, complete: Bool, locations: Int) throws {
        let data = try Fixture.shared(file)
        let page = try DeparturesPage.decode(data)
        #expect(page.departures.count == departures)
        #expect(page.skipped == 0)
        #expect(page.complete == complete)
        #expect(page.locations.count == locations)
        #expect(page.operators.first?.shownName == "Orléans Express")
        for departure in page.departures {
            let resolved = try #require(ResolvedDeparture(
                departure, operators: [:], locations: [:], currency: "EUR", fallbackZone: .gmt))
            #expect(resolved.durationMinutes == departure.duration)
            #expect(resolved.priceCents > 0)
        }
    }

    /// The bare departures array of the captured example decodes, prices in its own currency (CAD).
    @Test func capturedDepartureArrayDecodes() throws {
        let data = try Fixture.shared("busbud/departure_example.json")
        let departures = try JSONDecoder().decode([Departure].self, from: data)
        #expect(departures.count == 5)
        let first = try #require(ResolvedDeparture(departures[0], operators: [:], locations: [:],
                                                   currency: "USD", fallbackZone: .gmt))
        #expect(first.currency == "CAD")
        #expect(first.breakdown?.fees == 119)
    }

    /// A resolved departure is a value whose fields are held once, however many lists hold it (a
    /// list holds a reference): a change to a copy is that copy's alone, and copies
    /// compare and hash by their fields.
    @Test func resolvedDeparturesShareTheirFieldsAndChangeAlone() throws {
        let departure = Departure(id: "d-1", operatorId: "op", originLocationId: 1, destinationLocationId: 2,
                                  departureTime: "2016-07-29T07:00:00", arrivalTime: "2016-07-29T15:05:00",
                                  departureTimezone: "America/New_York", arrivalTimezone: "America/Montreal",
                                  prices: Prices(total: 5200, currency: "USD", breakdown: nil))
        func resolved() -> ResolvedDeparture? {
            ResolvedDeparture(departure, operators: [:], locations: [:], currency: "USD", fallbackZone: .gmt)
        }
        let first = try #require(resolved())
        #expect(MemoryLayout<ResolvedDeparture>.size == MemoryLayout<AnyObject>.size)
        var named = first
        named.operatorName = "Orléans Express"
        named.destinationName = "Gare d'autocars"
        #expect(first.operatorName == nil && first.destinationName == nil)
        #expect(named.operatorName == "Orléans Express" && named.destinationName == "Gare d'autocars")
        #expect(named.id == first.id && named.departure == first.departure)
        #expect(named != first)
        #expect(try #require(resolved()) == first)
        #expect(Set([first, try #require(resolved()), named]).count == 2)
        named.operatorName = nil
        named.destinationName = nil
        #expect(named == first)
    }

    /// The quick reading keeps one copy of each text departures repeat (times, zones, operators,
    /// stops' names and times): 10,000 departures hold a few hundred strings, not 100,000. Ids
    /// stay their own; the texts read are the thorough reading's.
    @Test func repeatedTextsAreHeldOnce() throws {
        func departure(_ id: String) -> String {
            #"{"id":"\#(id)","operator_id":"operator-0123456789abcdef","departure_time":"2026-11-23T05:07:00","#
                + #""arrival_time":"2026-11-23T13:07:00","departure_timezone":"America/New_York","#
                + #""arrival_timezone":"America/New_York","prices":{"total":4000,"currency":"USD"},"#
                + #""trip_stops":[{"name":"Port Authority Bus Terminal","departure_time":"2026-11-23T05:07:00"}]}"#
        }
        let departures = [departure("dep-000001-xxxxxxxxxxxxxxxx"), departure("dep-000002-xxxxxxxxxxxxxxxx")]
        let body = Data((#"{"complete":true,"departures":["# + departures.joined(separator: ",") + "]}").utf8)
        let page = try #require(DeparturesFastReader.read(body))
        #expect(page == (try DeparturesPage.decodeThoroughly(body)))
        let (first, second) = (page.departures[0], page.departures[1])
        #expect(textStorage(first.departureTime) == textStorage(second.departureTime))
        #expect(textStorage(first.arrivalTime) == textStorage(second.arrivalTime))
        for text in [\Departure.operatorId, \.departureTimezone] as [KeyPath<Departure, String?>] {
            #expect(textStorage(first[keyPath: text]) == textStorage(second[keyPath: text]))
        }
        #expect(textStorage(first.departureTimezone) == textStorage(first.arrivalTimezone))
        #expect(textStorage(first.tripStops?.first?.departureTime) == textStorage(second.departureTime))
        #expect(textStorage(first.tripStops?.first?.name) == textStorage(second.tripStops?.first?.name))
        #expect(textStorage(first.id) != textStorage(second.id))
    }

    /// The table keeps 4,096 texts and no more: each kept one is given again for the same bytes,
    /// the 4,097th is read afresh each time.
    @Test func sharedTextsAreBounded() {
        var table = SharedTexts()
        func read(_ text: String) -> String {
            Array(text.utf8).withUnsafeBufferPointer { table.text($0) }
        }
        let texts = (0..<SharedTexts.limit + 1).map { "Zone/A-Long-Name-\($0)" }
        let first = texts.map(read)
        for (text, kept) in zip(texts, first).prefix(SharedTexts.limit) {
            let again = read(text)
            #expect(again == text && textStorage(again) == textStorage(kept), "\(text)")
        }
        let beyond = read(texts[SharedTexts.limit])
        #expect(beyond == texts[SharedTexts.limit])
        #expect(textStorage(beyond) != textStorage(first[SharedTexts.limit]))
    }

    /// A small page's table is small, and stays usable when given more texts than such a page
    /// could hold: it keeps what fits, shares those, and reads the rest as they are.
    @Test func aSmallPagesTableKeepsWhatFits() {
        var table = SharedTexts(pageSize: 3 * 18)
        func read(_ text: String) -> String {
            Array(text.utf8).withUnsafeBufferPointer { table.text($0) }
        }
        let texts = (0..<10).map { "Zone/A-Long-Name-\($0)" }
        let first = texts.map(read)
        let again = texts.map(read)
        #expect(again == texts)
        #expect(textStorage(again[0]) == textStorage(first[0]))
        #expect(textStorage(again[9]) != textStorage(first[9]))
    }
}

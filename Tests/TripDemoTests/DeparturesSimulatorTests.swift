import Foundation
import Testing
import TestSupport
import TripCore
@testable import TripDemo
import TripWords

struct DeparturesSimulatorTests {
    let service = DemoService(now: { Date(timeIntervalSince1970: 1_795_338_000) }) // 2026-11-22T09:00:00Z

    func get(_ path: String, accept: Bool = true) async -> HTTPResponse {
        await service.respond(to: HTTPRequest(
            url: URL(string: "http://demo\(path)")!, headers: accept ? ["Accept": BusbudClient.accept] : [:]))
    }

    /// Follows the pages the way a client does, returning each page.
    func pages(_ route: String, query: String = "adult=1&child=0&senior=0&lang=en&currency=USD") async throws -> [DeparturesPage] {
        var pages = [try DeparturesPage.decode(await get("/x-departures/\(route)?\(query)").requireSuccess().body)]
        var index = pages[0].received
        while !pages.last!.complete {
            let page = try DeparturesPage.decode(await get("/x-departures/\(route)/poll?\(query)&index=\(index)").requireSuccess().body)
            pages.append(page)
            index += page.received
            try #require(pages.count < 10)
        }
        return pages
    }

    /// The brief's search answers in 2–4 pages, the first incomplete, with real stations and operators.
    @Test func briefsSearchAnswersInPages() async throws {
        let pages = try await pages("dr5reg/f25dvk/2016-07-29")
        #expect((2...4).contains(pages.count))
        #expect(pages.first?.complete == false)
        #expect(pages.first?.cities.map(\.name) == ["New York", "Montréal"])
        #expect(pages.first?.locations.contains { $0.name == "Port Authority Bus Terminal" } == true)
        #expect(pages.dropFirst().allSatisfy { $0.cities.isEmpty && $0.locations.isEmpty })
        let all = pages.flatMap(\.departures)
        #expect(all.count == 8, "Friday: every Greyhound, Trailways and FlixBus coach runs")
        #expect(Set(all.map(\.id)).count == all.count, "pages do not overlap")
        let operators = Set(pages.flatMap(\.operators).map(\.shownName))
        #expect(operators == ["Greyhound", "Trailways", "FlixBus"])
    }

    /// The same search gets the same answer; services that skip a weekday are absent that day.
    @Test func timetableDependsOnTheDay() async throws {
        let friday = try await pages("dr5reg/f25dvk/2016-07-29").flatMap(\.departures)
        let again = try await pages("dr5reg/f25dvk/2016-07-29").flatMap(\.departures)
        let tuesday = try await pages("dr5reg/f25dvk/2016-07-26").flatMap(\.departures)
        #expect(friday == again)
        #expect(tuesday.count == 6, "FlixBus runs Friday to Sunday only")
    }

    /// The late coach arrives after midnight, and the reverse direction runs too.
    @Test func overnightAndReverse() async throws {
        let north = try await pages("dr5reg/f25dvk/2016-07-29").flatMap(\.departures)
        let late = try #require(north.first { $0.departureTime == "2016-07-29T23:30:00" })
        #expect(late.arrivalTime == "2016-07-30T07:35:00")
        #expect(late.departureTimezone == "America/New_York")
        #expect(late.arrivalTimezone == "America/Montreal")
        let south = try await pages("f25dvk/dr5reg/2016-07-29").flatMap(\.departures)
        #expect(south.count == north.count)
    }

    /// Prices come in the requested currency, for every traveller, with a breakdown that adds up.
    @Test func pricesFollowCurrencyAndTravellers() async throws {
        let one = try await pages("f25dvk/f2m673/2016-07-28").flatMap(\.departures)
        let family = try await pages("f25dvk/f2m673/2016-07-28",
                                     query: "adult=2&child=1&senior=0&lang=en&currency=CAD").flatMap(\.departures)
        #expect(one.allSatisfy { $0.prices.currency == "USD" })
        #expect(family.allSatisfy { $0.prices.currency == "CAD" })
        let first = try #require(one.first)
        let same = try #require(family.first { $0.id == first.id })
        #expect(same.prices.total > first.prices.total * 3)
        let parts = try #require(same.prices.breakdown)
        #expect((parts.base ?? 0) + (parts.fees ?? 0) + (parts.taxes ?? 0) == same.prices.total)
    }

    /// Coaches that have already left today are not offered.
    @Test func departedCoachesAreGone() async throws {
        // 09:00 UTC is 04:00 in New York: nothing has left yet. At 21:00 UTC (16:00) most have.
        let morning = try await pages("drt2yz/dr5reg/2026-11-22").flatMap(\.departures)
        let afternoon = DemoService(now: { Date(timeIntervalSince1970: 1_795_381_200) }) // 2026-11-22T21:00:00Z
        let first = try DeparturesPage.decode(await afternoon.respond(to: HTTPRequest(
            url: URL(string: "http://demo/x-departures/drt2yz/dr5reg/2026-11-22")!,
            headers: ["Accept": BusbudClient.accept])).body)
        #expect(morning.count == 17)
        #expect(first.departures.allSatisfy { $0.departureTime >= "2026-11-22T16:00:00" })
    }

    /// A pair no coach serves answers an invalid route with no departures.
    @Test func unknownPairIsNotAValidRoute() async throws {
        let page = try DeparturesPage.decode(await get("/x-departures/dpz88g/drt2yz/2016-07-29").body)
        #expect(!page.isValidRoute)
        #expect(page.complete)
        #expect(page.departures.isEmpty)
    }

    /// Requests the real service would refuse are refused with a JSON message.
    @Test(arguments: ["/x-departures/dr5reg/f25dvk/2016-13-01", "/x-departures/dr5reg/f25dvk/2016-07-29?currency=JPY",
                      "/x-departures/dr5reg/f25dvk/2016-07-29?adult=0", "/x-departures/dr5reg",
                      // Counts that would overflow when summed: refused, never a crash.
                      "/x-departures/dr5reg/f25dvk/2016-07-29?adult=9223372036854775807&child=1",
                      "/x-departures/dr5reg/f25dvk/2016-07-29?adult=-9223372036854775807&child=-2&senior=1"])
    func badRequestsAre400(path: String) async {
        #expect(await get(path).status == 400)
    }

    /// Without Busbud's Accept header the demo refuses, as the real service does.
    @Test func acceptHeaderIsRequired() async {
        #expect(await get("/x-departures/dr5reg/f25dvk/2016-07-29", accept: false).status == 400)
    }

    /// An unsupported currency is refused with the demo's own reason, which the client's error
    /// carries and its line says.
    @Test func refusalCarriesTheServicesReason() async {
        let busbud = BusbudClient(transport: DemoTransport(service: service), baseURL: DemoEndpoints.inProcessBase)
        var query = DepartureQuery.standard
        query.currency = "GBP"
        do {
            _ = try await busbud.search(query)
            Issue.record("GBP was accepted")
        } catch {
            #expect(error == .httpStatus(400, reason: "unsupported currency GBP; use USD, CAD or EUR"))
            #expect(error.sentence == "the service answered HTTP 400: unsupported currency GBP; use USD, CAD or EUR")
        }
    }

    /// A coach's seats left are its own, the same whether one or twenty ask, as Busbud reports them.
    @Test func seatsDoNotDependOnThePartySize() async throws {
        let one = try await pages("dr5reg/f25dvk/2016-07-29").flatMap(\.departures)
        let twenty = try await pages("dr5reg/f25dvk/2016-07-29",
                                     query: "adult=20&child=0&senior=0&lang=en&currency=USD").flatMap(\.departures)
        let seats = Dictionary(uniqueKeysWithValues: one.map { ($0.id, $0.availableSeats) })
        #expect(twenty.count == one.count)
        #expect(twenty.allSatisfy { seats[$0.id] == $0.availableSeats && $0.availableSeats != nil })
    }

    /// Gathered for 20 travellers, the demo's answer offers only coaches with 20 seats or more, and
    /// says how many it left out; for one traveller every coach is offered.
    @Test func largePartySeesOnlyCoachesWithRoom() async throws {
        let route = "dr5reg/f25dvk/2016-07-29"
        var group = SearchGathering(query: DepartureQuery(origin: "dr5reg", destination: "f25dvk",
                                                          date: LocalDate(year: 2016, month: 7, day: 29), adults: 20))
        for page in try await pages(route, query: "adult=20&child=0&senior=0&lang=en&currency=USD") { group.add(page) }
        let offered = group.snapshot(.complete)
        let all = try await pages(route).flatMap(\.departures)
        let small = all.filter { ($0.availableSeats ?? 0) < 20 }
        try #require(!small.isEmpty && small.count < all.count, "the day has coaches on both sides of 20 seats")
        #expect(offered.departures.count == all.count - small.count)
        #expect(offered.departures.allSatisfy { ($0.availableSeats ?? 0) >= 20 })
        #expect(offered.tooFewSeats == small.count)
        #expect(offered.leftOutSentence == "\(small.count) coach\(small.count == 1 ? "" : "es") with too few seats left "
            + "for 20 travellers \(small.count == 1 ? "was" : "were") left out")
    }
}

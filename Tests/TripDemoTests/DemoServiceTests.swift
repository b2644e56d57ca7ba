import Foundation
import Testing
import TripCore
@testable import TripDemo

struct DemoServiceTests {
    let service = DemoService()

    func search(_ body: [String: Any]) async throws -> HTTPResponse {
        let data = try JSONSerialization.data(withJSONObject: body)
        return await service.respond(to: HTTPRequest(method: .post, url: URL(string: "http://demo/deals/search")!, body: data))
    }

    func deals(checkIn: String, currency: String = "GBP", nights: Int = 7) async throws -> DealsResult {
        let response = try await search(["CheckInDate": checkIn, "CurrencyCode": currency, "Duration": nights, "Adults": 2])
        #expect(response.status == 200)
        return try DealsResult.decode(response.body, currency: currency)
    }

    /// A `slow` fault answers what the demo would have answered, late, on the clock of the wall.
    @Test func slowAnswersAreTheNormalAnswerLate() async throws {
        let slow = DemoService(faults: try FaultPlan(spec: "images=slow@1"))
        let request = HTTPRequest(url: URL(string: "http://demo/deals/images/10/10031?width=240&height=160")!)
        let started = ContinuousClock.now
        let late = await slow.respond(to: request)
        #expect(ContinuousClock.now - started >= FaultPlan.slowDelay)
        #expect(late == (await service.respond(to: request)))
        #expect(late.status == 200)
    }

    /// The demo answers in the real service's wrapped shape, all 21 destinations, none malformed.
    @Test func answersEveryDestination() async throws {
        let result = try await deals(checkIn: "2026-12-20T00:00:00.000Z")
        #expect(result.deals.count == 21)
        #expect(result.skipped == 0)
        #expect(Set(result.deals.map(\.key)).count == 21)
        #expect(result.deals.allSatisfy { $0.minPrice > 0 && ($0.count ?? 0) > 0 })
    }

    /// The same search gets the same answer; another date gets other figures.
    @Test func answersAreDeterministicPerDate() async throws {
        let first = try await deals(checkIn: "2026-12-20T00:00:00.000Z")
        let again = try await deals(checkIn: "2026-12-20T00:00:00.000Z")
        let other = try await deals(checkIn: "2026-12-21T00:00:00.000Z")
        #expect(first == again)
        #expect(first.deals.map(\.minPrice) != other.deals.map(\.minPrice))
    }

    /// Prices follow the season and the length of stay: August dearer than November, 14 nights dearer than 7.
    @Test func pricesFollowSeasonAndStay() async throws {
        func total(_ result: DealsResult) -> Decimal { result.deals.map(\.minPrice).reduce(0, +) }
        let november = try await deals(checkIn: "2027-11-10T00:00:00.000Z")
        let august = try await deals(checkIn: "2027-08-10T00:00:00.000Z")
        let fortnight = try await deals(checkIn: "2027-11-10T00:00:00.000Z", nights: 14)
        #expect(total(august) > total(november) * Decimal(string: "1.3")!)
        #expect(total(fortnight) > total(november) * Decimal(string: "1.9")!)
    }

    /// Prices come in the currency asked for.
    @Test func convertsCurrency() async throws {
        let pounds = try await deals(checkIn: "2026-12-20T00:00:00.000Z")
        let euros = try await deals(checkIn: "2026-12-20T00:00:00.000Z", currency: "EUR")
        #expect(euros.deals.first!.minPrice > pounds.deals.first!.minPrice)
    }

    /// Bad requests get a 400 with a JSON message, never a crash.
    @Test(arguments: ["not json", "[]", "{\"CheckInDate\": \"tomorrow\"}",
                      "{\"CheckInDate\": \"2026-12-20T00:00:00.000Z\", \"CurrencyCode\": \"XXX\"}"])
    func badSearchesAre400(body: String) async {
        let response = await service.respond(to: HTTPRequest(
            method: .post, url: URL(string: "http://demo/deals/search")!, body: Data(body.utf8)))
        #expect(response.status == 400)
        #expect((try? JSONSerialization.jsonObject(with: response.body) as? [String: String])?["error"] != nil)
    }

    /// Pictures are served as JPEG; unknown ones and unknown paths are 404.
    @Test func servesPictures() async {
        let picture = await service.respond(to: HTTPRequest(url: URL(string: "http://demo/deals/images/4/3539?width=1")!))
        #expect(picture.status == 200)
        #expect(picture.headers["Content-Type"] == "image/jpeg")
        #expect(picture.body.starts(with: [0xFF, 0xD8, 0xFF]))
        let unknown = await service.respond(to: HTTPRequest(url: URL(string: "http://demo/deals/images/4/1")!))
        #expect(unknown.status == 404)
        let nowhere = await service.respond(to: HTTPRequest(url: URL(string: "http://demo/elsewhere")!))
        #expect(nowhere.status == 404)
    }

    /// The in-process transport maps statuses like the live one.
    @Test func inProcessTransportMapsStatus() async throws {
        let transport = DemoTransport(service: DemoService(faults: try FaultPlan(spec: "deals=502@1")))
        let request = HTTPRequest(method: .post, url: URL(string: "http://demo/deals/search")!,
                                  body: Data(#"{"CheckInDate":"2026-12-20T00:00:00.000Z"}"#.utf8))
        await #expect(throws: APIError.httpStatus(502)) { try await transport.send(request) }
        #expect(try await transport.send(request).status == 200)
    }
}

struct FaultPlanTests {
    /// `@N` limits a fault to the route's first N requests; other routes are untouched.
    @Test func limitsFaultToFirstRequests() throws {
        let plan = try FaultPlan(spec: "deals=503@2, images=malformed")
        #expect(plan.nextFault(for: "deals") == .status(503))
        #expect(plan.nextFault(for: "deals") == .status(503))
        #expect(plan.nextFault(for: "deals") == nil)
        #expect(plan.nextFault(for: "images") == .malformed)
        #expect(plan.nextFault(for: "images") == .malformed)
    }

    /// `@N-M` faults only requests N through M.
    @Test func rangeFaultsOnlyThoseRequests() throws {
        let plan = try FaultPlan(spec: "deals=500@2-3")
        #expect(plan.nextFault(for: "deals") == nil)
        #expect(plan.nextFault(for: "deals") == .status(500))
        #expect(plan.nextFault(for: "deals") == .status(500))
        #expect(plan.nextFault(for: "deals") == nil)
    }

    /// An empty spec injects nothing.
    @Test func emptySpecInjectsNothing() throws {
        #expect(try FaultPlan(spec: "").nextFault(for: "deals") == nil)
    }

    /// Every fault the README lists is read as itself.
    @Test func readsEveryFault() throws {
        let plan = try FaultPlan(spec: "deals=429, images=429:30, arrivals=truncated, stops=empty, trams=expired-token, "
            + "departures=duplicate, poll=never-complete@2-3, poll=shuffle, deals=dropped, images=html")
        #expect(plan.nextFault(for: "deals") == .status(429, retryAfter: 1))
        #expect(plan.nextFault(for: "images") == .status(429, retryAfter: 30))
        #expect(plan.nextFault(for: "arrivals") == .truncated)
        #expect(plan.nextFault(for: "stops") == .empty)
        #expect(plan.nextFault(for: "trams") == .expiredToken)
        #expect(plan.nextFault(for: "departures") == .duplicate)
        #expect(plan.nextFault(for: "poll") == .shuffle, "the first rule that matches applies")
        #expect(plan.nextFault(for: "poll") == .neverComplete)
        #expect(FaultPlan.Fault(spelling: "slow:200") == .slow(.milliseconds(200)))
        #expect(FaultPlan.Fault.spellings.count == 16)
        for (spelling, _) in FaultPlan.Fault.spellings where !["STATUS", "429:N", "slow:MS"].contains(spelling) {
            #expect(FaultPlan.Fault(spelling: spelling) != nil, "\(spelling)")
        }
    }

    /// Nonsense is refused with a message saying what is wrong.
    @Test(arguments: ["deals", "flights=503", "deals=teapot", "deals=503@0", "deals=503@x", "deals=99",
                      "deals=503@3-2", "deals=503@-2", "deals=503@2-", "deals=503:5", "deals=429:soon",
                      "deals=duplicate", "trams=never-complete", "deals=slow:soon", "deals=slow:-5"])
    func refusesNonsense(spec: String) {
        #expect(throws: FaultPlan.ParseError.self) { try FaultPlan(spec: spec) }
    }
}

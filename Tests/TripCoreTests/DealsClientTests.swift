import Foundation
import Testing
@testable import TripCore

struct DealsClientTests {
    let checkIn = Date(timeIntervalSince1970: 1_477_958_400) // 2016-11-01T00:00:00Z

    /// The search is a JSON POST with every field of the brief, the date in the service's format.
    @Test func postsTheBriefsSearchBody() async throws {
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: try Fixture.data("deals-bare.json")))])
        let endpoint = URL(string: "https://deals.example/api/search?fields=Aggregates")!
        let client = DealsClient(transport: transport, endpoint: endpoint, imageTemplate: nil)
        let result = try await client.fetchDeals(DealsQuery(checkInDate: checkIn))

        #expect(result.deals.count == 4)
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url == endpoint)
        #expect(request.headers["Content-Type"] == "application/json")
        let body = try #require(JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        #expect(body["CheckInDate"] as? String == "2016-11-01T00:00:00.000Z")
        #expect(body["Flexibility"] as? Int == 3)
        #expect(body["Duration"] as? Int == 7)
        #expect(body["Adults"] as? Int == 2)
        #expect(body["DomainId"] as? Int == 1)
        #expect(body["CultureCode"] as? String == "en-gb")
        #expect(body["CurrencyCode"] as? String == "GBP")
        #expect(body["OriginAirports"] as? [String] == ["LHR", "LCY", "LGW", "LTN", "STN", "SEN"])
        #expect(body["FieldFlags"] as? Int == 8_143_571)
        #expect(body["IncludeAggregates"] as? Bool == true)
    }

    /// Deals carry the requested currency and a picture URL from the template at the client's size.
    @Test func dealsCarryCurrencyAndPictures() async throws {
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: try Fixture.data("deals-bare.json")))])
        let client = DealsClient(transport: transport, endpoint: URL(string: "https://deals.example/s")!,
                                 imageTemplate: ImageURLTemplate("https://img.example/{type}/{id}/{width}x{height}.jpg"),
                                 imageSize: (120, 80))
        let result = try await client.fetchDeals(DealsQuery(checkInDate: checkIn, currencyCode: "EUR"))
        #expect(result.deals.allSatisfy { $0.currency == "EUR" })
        #expect(result.deals.first?.imageURL?.absoluteString == "https://img.example/10/10031/120x80.jpg")
    }

    /// A failing status reaches the caller as `APIError.httpStatus`.
    @Test func statusErrorsPropagate() async {
        let transport = ScriptedTransport([.success(HTTPResponse(status: 503))])
        let client = DealsClient(transport: transport, endpoint: URL(string: "https://deals.example/s")!, imageTemplate: nil)
        await #expect(throws: APIError.httpStatus(503)) {
            try await client.fetchDeals(DealsQuery(checkInDate: checkIn))
        }
    }

    /// The standard search checks in four weeks after today (UTC midnight).
    @Test func standardQueryChecksInFourWeeksAhead() {
        let now = Date(timeIntervalSince1970: 1_795_338_000) // 2026-11-22T09:00:00Z
        let query = DealsQuery.standard(now: now)
        #expect(query.checkInDate == Date(timeIntervalSince1970: 1_797_724_800)) // 2026-12-20T00:00:00Z
    }
}

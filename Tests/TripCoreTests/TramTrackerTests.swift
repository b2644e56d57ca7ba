import Foundation
import Testing
@testable import TripCore
import TripWords

struct TramTrackerTests {
    static let base = URL(string: "http://tt.example/TramTracker/RestService")!

    static func body(_ json: String) -> Result<HTTPResponse, APIError> {
        .success(HTTPResponse(status: 200, body: Data(json.utf8)))
    }

    static let token = body(#"{"errorMessage":null,"hasError":false,"hasResponse":true,"responseObject":[{"__type":"AddDeviceTokenInfo","DeviceToken":"T1"}]}"#)
    static let token2 = body(#"{"errorMessage":null,"hasError":false,"hasResponse":true,"responseObject":[{"DeviceToken":"T2"}]}"#)
    static let rejected = body(#"{"errorMessage":"Invalid or expired device token","hasError":true,"hasResponse":false,"responseObject":null}"#)
    static let twoTrams = body(#"""
        {"errorMessage":null,"hasError":false,"hasResponse":true,"responseObject":[
          {"HeadBoardRouteNo":"78","RouteNo":"78","Destination":"Balaclava","VehicleNo":3011,"PredictedArrivalDateTime":"\/Date(1795000500000+1100)\/"},
          {"HeadBoardRouteNo":"78","RouteNo":"78","Destination":null,"PredictedArrivalDateTime":"/Date(1795000200000+1100)/"},
          {"HeadBoardRouteNo":"78","Destination":"Balaclava","PredictedArrivalDateTime":"/Date(soon)/"}]}
        """#)

    /// .NET dates: milliseconds in UTC whatever the offset says; escaped or not; garbage is nil.
    @Test(arguments: [
        ("/Date(1425407340000+1100)/", 1_425_407_340.0),
        ("\\/Date(1407550475481+1000)\\/", 1_407_550_475.481),
        ("/Date(1425407340000-0500)/", 1_425_407_340.0),
        ("/Date(1425407340000)/", 1_425_407_340.0),
        ("/Date(-86400000+1000)/", -86_400.0),
    ])
    func dotNetDates(text: String, seconds: Double) {
        #expect(DotNetDate.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["", "Date(1425407340000)", "/Date(abc)/", "/Date(1425407340000+11)/", "/Date(1425407340000+1100",
                      "/Date()/", "/Date(99999999999999999+1100)/", "/Date(-9999999999999+1100)/", "/Date(1425407340000+1100)/x",
                      "2026-11-22T09:00:00Z"])
    func garbageDatesAreNil(text: String) {
        #expect(DotNetDate.parse(text) == nil)
    }

    /// Melbourne's clock across both daylight-saving changes: 12-hour, its own zone, whatever the machine's.
    @Test(arguments: [
        ("2026-04-04T15:30:00Z", "2:30 am"),  // 5 April 2026, 02:30 AEDT, just before clocks go back
        ("2026-04-04T16:30:00Z", "2:30 am"),  // the same wall time again, now AEST
        ("2026-10-03T15:59:00Z", "1:59 am"),  // 4 October 2026, just before clocks go forward
        ("2026-10-03T16:00:00Z", "3:00 am"),  // 2:00 AEST became 3:00 AEDT
        ("2026-11-22T01:23:00Z", "12:23 pm"),
        ("2026-11-21T13:05:00Z", "12:05 am"),
    ])
    func melbourneClock(instant: String, shown: String) throws {
        let date = try #require(ISO8601Instant.parse(instant))
        #expect(ArrivalText.clock(date, provider: TramTrackerProvider()) == shown)
    }

    /// One token per run: fetched first, then reused; trams soonest first, the unreadable one counted.
    @Test func tokenIsFetchedOnceAndReused() async throws {
        let transport = ScriptedTransport([Self.token, Self.twoTrams, Self.twoTrams])
        let client = TramTrackerClient(transport: transport, baseURL: Self.base)
        let first = try await client.predictions(stop: "4155", route: "78")
        _ = try await client.arrivals(at: "4155")
        #expect(await client.tokensRequested == 1)
        #expect(transport.requests.map(\.url.absoluteString) == [
            "http://tt.example/TramTracker/RestService/GetDeviceToken/?aid=TTIOSJSON&devInfo=Tripboard",
            "http://tt.example/TramTracker/RestService/GetNextPredictedRoutesCollection/4155/78/false/?aid=TTIOSJSON&cid=2&tkn=T1",
            "http://tt.example/TramTracker/RestService/GetNextPredictedRoutesCollection/4155/0/false/?aid=TTIOSJSON&cid=2&tkn=T1",
        ])
        #expect(first.arrivals.map(\.expected.timeIntervalSince1970) == [1_795_000_200, 1_795_000_500])
        #expect(first.arrivals.map(\.vehicle) == [nil, "3011"])
        #expect(first.arrivals[0].destination == "")
        #expect(first.skipped == 1)
        let shown = ArrivalText.display(first.arrivals[0], provider: TramTrackerProvider(), now: Date(timeIntervalSince1970: 1_795_000_020))
        #expect(shown == "10:10 pm (3 min)")
    }

    /// Requests made together before any token is known share one `GetDeviceToken`.
    @Test func concurrentRequestsShareOneToken() async throws {
        let transport = ScriptedTransport([Self.token, Self.twoTrams, Self.twoTrams, Self.twoTrams])
        let client = TramTrackerClient(transport: transport, baseURL: Self.base)
        async let a = client.arrivals(at: "4055")
        async let b = client.arrivals(at: "4155")
        async let c = client.arrivals(at: "4057")
        #expect(try await [a, b, c].map(\.arrivals.count) == [2, 2, 2])
        #expect(await client.tokensRequested == 1)
        #expect(transport.requests.filter { $0.url.path.contains("GetDeviceToken") }.count == 1)
    }

    /// A rejected token gets one fresh token and one retry.
    @Test func rejectedTokenIsRefreshedOnce() async throws {
        let transport = ScriptedTransport([Self.rejected, Self.token2, Self.twoTrams])
        let client = TramTrackerClient(transport: transport, baseURL: Self.base, token: "OLD")
        let result = try await client.arrivals(at: "4055")
        #expect(result.arrivals.count == 2)
        #expect(await client.tokensRequested == 1)
        #expect(await client.currentToken == "T2")
        #expect(transport.requests.last?.url.query?.hasSuffix("tkn=T2") == true)
    }

    /// A fresh token rejected too is reported, never a loop.
    @Test func secondRejectionIsReported() async throws {
        let transport = ScriptedTransport([Self.token, Self.rejected, Self.token2, Self.rejected, Self.twoTrams])
        let client = TramTrackerClient(transport: transport, baseURL: Self.base)
        await #expect(throws: APIError.service(.said("Invalid or expired device token"))) { try await client.arrivals(at: "4055") }
        #expect(transport.requests.count == 4)
    }

    /// `hasError` inside a 200 is the service's own message; `hasResponse: false` and an empty
    /// `responseObject` are empty answers; a malformed answer is a decoding error.
    @Test func envelopes() async throws {
        let client = TramTrackerClient(transport: ScriptedTransport([
            Self.token,
            Self.body(#"{"errorMessage":"Stop 1 is closed for works","hasError":true,"hasResponse":false,"responseObject":null}"#),
            Self.body(#"{"errorMessage":null,"hasError":false,"hasResponse":false,"responseObject":null}"#),
            Self.body(#"{"errorMessage":null,"hasError":false,"hasResponse":true,"responseObject":[]}"#),
            Self.body(#"{"errorMessage":null,"hasResponse":true,"responseObject":[]}"#),
            Self.body(#"<html>Service Unavailable</html>"#),
        ]), baseURL: Self.base)
        await #expect(throws: APIError.service(.said("Stop 1 is closed for works"))) { try await client.arrivals(at: "1") }
        #expect(try await client.arrivals(at: "1") == ArrivalsResult(arrivals: []))
        #expect(try await client.arrivals(at: "1") == ArrivalsResult(arrivals: []))
        await #expect(throws: APIError.decoding(.missingField("hasError", at: []))) { try await client.arrivals(at: "1") }
        await #expect(throws: APIError.decoding(.webPage)) { try await client.arrivals(at: "1") }
    }

    /// The real captured answer (escaped dates, winter offset): three route-109 trams, in order.
    @Test func realCapturedPredictions() async throws {
        let data = try Fixture.shared("tramtracker/predictions_route109.json")
        let client = TramTrackerClient(transport: ScriptedTransport([Self.token, .success(HTTPResponse(status: 200, body: data))]),
                                       baseURL: Self.base)
        let result = try await client.arrivals(at: "1802")
        #expect(result.arrivals.count == 3)
        #expect(result.skipped == 0)
        #expect(result.arrivals.allSatisfy { $0.line == "109" && $0.destination == "Port Melbourne" })
        #expect(result.arrivals.first?.expected.timeIntervalSince1970 == 1_407_550_475.481)
        #expect(result.arrivals.first?.vehicle == "3004")
        #expect(result.notices() == [StopNotice(kind: .specialEvent, text: "From 27 July Route 12 operates between "
            + "Stop 24 Victoria Gardens, Burnley St and St Kilda via Collins St")])
    }

    /// Disruption and special-event messages: read when flagged or sent without a flag, not when
    /// flagged off; unreadable messages left out; each said once per answer however many trams carry it.
    @Test func disruptionAndSpecialEventMessages() async throws {
        let client = TramTrackerClient(transport: ScriptedTransport([Self.token, Self.body(#"""
            {"errorMessage":null,"hasError":false,"hasResponse":true,"responseObject":[
              {"RouteNo":"16","PredictedArrivalDateTime":"/Date(1795000200000+1100)/","HasDisruption":true,
               "DisruptionMessage":{"MessageCount":3,"Messages":["Trams diverted via St Kilda Rd", 5, null, " "]},
               "HasSpecialEvent":false,"SpecialEventMessage":"not in force"},
              {"RouteNo":"16","PredictedArrivalDateTime":"/Date(1795000500000+1100)/","HasDisruption":true,
               "DisruptionMessage":{"Messages":["Trams diverted via St Kilda Rd"]}},
              {"RouteNo":"1","PredictedArrivalDateTime":"/Date(1795000300000+1100)/",
               "SpecialEventMessage":"Extra trams tonight","DisruptionMessage":"garbled"},
              {"RouteNo":"6","PredictedArrivalDateTime":"/Date(1795000400000+1100)/","HasDisruption":false,
               "DisruptionMessage":{"Messages":["an old message"]},"SpecialEventMessage":""}]}
            """#)]), baseURL: Self.base)
        let result = try await client.arrivals(at: "1001")
        #expect(result.arrivals.count == 4)
        #expect(result.skipped == 0)
        #expect(result.notices().map(ArrivalText.notice) == ["Disruption: Trams diverted via St Kilda Rd", "Special event: Extra trams tonight"])
        #expect(result.notices { $0.line == "1" }.map(\.kind) == [.specialEvent])
        #expect(result.arrivals.first { $0.line == "6" }?.notices == [])
    }

    /// Stop search by name or number in the shipped table; HomeTime's pair is both directions of one street.
    @Test func searchTheShippedStops() async throws {
        let client = TramTrackerClient(transport: ScriptedTransport([]), baseURL: Self.base)
        #expect(try await client.searchStops(matching: "4055").map(\.title) == ["Highett St & Church St (4055)"])
        let pair = try await client.searchStops(matching: "highett")
        #expect(pair.map(\.stopID) == ["4055", "4155"])
        #expect(pair.map(\.direction) == ["towards North Richmond", "towards Balaclava"])
        let near = try await client.stops(near: Coordinate(latitude: -37.8173, longitude: 144.9996), radius: 100)
        #expect(near.prefix(2).map(\.stopID).sorted() == ["4055", "4155"])
    }

    /// A stop id or route from a person or a service reaches the service as one segment, whatever it holds.
    @Test(arguments: [("../../x", "..%2F..%2Fx"), ("a/b?c", "a%2Fb%3Fc"), ("4055#78", "4055%2378")])
    func hostileIdsStayOneSegment(id: String, encoded: String) {
        let client = TramTrackerClient(transport: ScriptedTransport([]), baseURL: Self.base)
        let url = client.url(["GetNextPredictedRoutesCollection", id, "78", "false"], query: [("tkn", "T")])
        #expect(url.absoluteString == "http://tt.example/TramTracker/RestService/GetNextPredictedRoutesCollection/\(encoded)/78/false/?tkn=T")
        #expect(url.host == "tt.example")
    }
}

import Foundation
import Testing
@testable import TripCore
import TripWords

struct TfLTests {
    static let base = URL(string: "https://api.example/tfl")!

    func client(_ answers: [Result<HTTPResponse, APIError>], appKey: String? = nil) -> (TfLClient, ScriptedTransport) {
        let transport = ScriptedTransport(answers)
        return (TfLClient(transport: transport, baseURL: Self.base, appKey: appKey), transport)
    }

    /// Arrivals come back soonest first; an arrival missing only details (no platform, no towards,
    /// no destination, a number for a plate) still shows; one without a route or time is left out and counted.
    @Test func arrivalsAreSortedAndReadTolerantly() async throws {
        let (tfl, transport) = client([try .fixture("tfl-arrivals-unsorted.json")])
        let result = try await tfl.arrivals(at: "490000173OE")
        #expect(transport.requests.map(\.url.absoluteString) == ["https://api.example/tfl/StopPoint/490000173OE/Arrivals"])
        #expect(result.arrivals.map(\.line) == ["73", "98", "55", "390"])
        #expect(result.skipped == 3)
        let start = try #require(ISO8601Instant.parse("2026-11-22T09:00:00Z"))
        #expect(result.arrivals.map { $0.seconds(from: start) } == [45, 150, 180, 420])
        let holborn = result.arrivals[1]
        #expect(holborn.stopLetter == nil)
        #expect(holborn.towards == nil)
        #expect(holborn.vehicle == nil)
        #expect(result.arrivals[2].destination == "")
        #expect(result.arrivals[2].vehicle == "12345")
        #expect(result.arrivals[3].vehicle == "LX12DFP")
        #expect(result.arrivals[3].stopLetter == "OE")
    }

    /// The real captured arrivals (23 predictions, unsorted) all read, and come back in time order.
    @Test func realCapturedArrivals() async throws {
        let data = try Fixture.shared("tfl/arrivals_490005020N.json")
        let (tfl, _) = client([.success(HTTPResponse(status: 200, body: data))])
        let result = try await tfl.arrivals(at: "490005020N")
        #expect(result.arrivals.count == 23)
        #expect(result.skipped == 0)
        #expect(result.arrivals.map(\.expected) == result.arrivals.map(\.expected).sorted())
        #expect(result.arrivals.allSatisfy { $0.stopLetter == "BD" && $0.vehicle?.isEmpty == false })
    }

    /// A search's matches are often areas: each is resolved to its lettered bus stops, and only stops are returned,
    /// in the matches' order (the areas are asked at once, so each answer is scripted by its path).
    @Test func searchResolvesAreasToLetteredStops() async throws {
        let transport = ScriptedTransport(byPath: [
            "/tfl/StopPoint/Search/Oxford Circus": try .fixture("tfl-search-area.json"),
            "/tfl/StopPoint/490G00173G": try .fixture("tfl-stoppoint-area.json"),
            "/tfl/StopPoint/490000197R": try .fixture("tfl-stoppoint-single.json"),
        ])
        let tfl = TfLClient(transport: transport, baseURL: Self.base)
        let stops = try await tfl.searchStops(matching: "Oxford Circus")
        #expect(stops.map(\.stopID) == ["490000173OE", "490000173OF", "490000197R"])
        #expect(stops.map(\.letter) == ["OE", "OF", "R"])
        #expect(stops[0].title == "Oxford Circus Station (Stop OE)")
        #expect(stops[0].lines == ["55", "73"])
        #expect(stops[1].lines == [])
        #expect(stops[1].coordinate == Coordinate(latitude: 51.51508, longitude: -0.14318))
        #expect(transport.requests.first?.url.absoluteString == "https://api.example/tfl/StopPoint/Search/Oxford%20Circus")
        #expect(transport.requests.count == 3, "the search, then each of its two matches once")
    }

    /// The real Green Park search answer is a station area (940G…), which is resolved, not shown.
    @Test func realCapturedSearchIsAnArea() async throws {
        let data = try Fixture.shared("tfl/stoppoint_search_green_park.json")
        let (tfl, transport) = client([.success(HTTPResponse(status: 200, body: data)),
                                       .success(HTTPResponse(status: 200, body: Data(#"{"naptanId":"940GZZLUGPK","commonName":"Green Park Underground Station","stopType":"NaptanMetroStation","children":[]}"#.utf8)))])
        let stops = try await tfl.searchStops(matching: "Green Park")
        #expect(stops.isEmpty)
        #expect(transport.requests.last?.url.path == "/tfl/StopPoint/940GZZLUGPK")
    }

    /// Stops near a point come nearest first; a missing distance is worked out from the coordinates.
    @Test func nearestFirst() async throws {
        let (tfl, transport) = client([try .fixture("tfl-near.json")])
        let stops = try await tfl.stops(near: Coordinate(latitude: 51.5153, longitude: -0.1419), radius: 250)
        #expect(stops.map(\.letter) == ["OC", "OD", "OF"])
        #expect(stops[1].distance.map { (20...80).contains($0) } == true)
        let url = try #require(transport.requests.first?.url)
        let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(query.map(\.name) == ["lat", "lon", "stopTypes", "radius"])
        #expect(query.first { $0.name == "stopTypes" }?.value == "NaptanPublicBusCoachTram")
    }

    /// Every path segment from a person or a service is percent-encoded, all but unreserved characters: a slash stays inside its segment.
    @Test(arguments: [("Bank/Monument", "/tfl/StopPoint/Search/Bank%2FMonument"),
                      ("King's Cross ?#", "/tfl/StopPoint/Search/King%27s%20Cross%20%3F%23"),
                      ("Café 100%", "/tfl/StopPoint/Search/Caf%C3%A9%20100%25")])
    func pathSegmentsAreEncoded(text: String, path: String) {
        let (tfl, _) = client([])
        #expect(tfl.url(["StopPoint", "Search", text]).absoluteString == "https://api.example" + path)
    }

    /// The app key rides as a query parameter when set, and not at all otherwise.
    @Test func appKeyIsAQueryParameter() {
        #expect(client([], appKey: "s3cret").0.url(["StopPoint", "1", "Arrivals"]).query == "app_key=s3cret")
        #expect(client([]).0.url(["StopPoint", "1", "Arrivals"]).query == nil)
    }

    /// A body that is not the documented shape is a decoding error, never an empty list.
    @Test func unreadableBodiesAreErrors() async throws {
        let (tfl, _) = client([.success(HTTPResponse(status: 200, body: Data("<html>".utf8))),
                               .success(HTTPResponse(status: 200, body: Data(#"{"matches": 3}"#.utf8)))])
        await #expect(throws: APIError.decoding(.webPage)) { try await tfl.arrivals(at: "1") }
        await #expect(throws: APIError.self) { try await tfl.searchStops(matching: "x") }
    }

    /// "Due" under a minute, "N min" after; ages read as people say them.
    @Test func arrivalWording() {
        #expect(ArrivalText.countdown(seconds: 59, provider: TfLProvider()) == "Due")
        #expect(ArrivalText.countdown(seconds: 59, provider: TramTrackerProvider()) == "Now")
        #expect(ArrivalText.countdown(seconds: 60, provider: TfLProvider()) == "1 min")
        #expect(ArrivalText.countdown(seconds: 899, provider: TfLProvider()) == "14 min")
        #expect(ArrivalText.spoken(seconds: 61, provider: TfLProvider()) == "in 1 minute")
        #expect(ArrivalText.spoken(seconds: 30, provider: TramTrackerProvider()) == "now")
        #expect(ArrivalText.age(seconds: 3_900) == "1 h 05 min ago")
        // Europe/London in summer is an hour ahead of UTC.
        let summer = ISO8601Instant.parse("2026-07-01T12:05:00Z")!
        #expect(ArrivalText.clock(summer, in: TfLProvider().timeZone) == "13:05")
    }

    /// Instants read with any number of fractional digits and any offset; anything else is nil.
    @Test func instants() {
        #expect(ISO8601Instant.parse("2016-11-09T10:13:24.7163322Z")?.timeIntervalSince1970 == 1_478_686_404.7163322)
        #expect(ISO8601Instant.parse("2026-11-22T10:00:00+01:00") == ISO8601Instant.parse("2026-11-22T09:00:00Z"))
        #expect(ISO8601Instant.parse("2026-11-22T09:00:00") == ISO8601Instant.parse("2026-11-22T09:00:00Z"))
        for bad in ["soon", "2026-11-22", "2026-11-22T25:00:00Z", "2026-11-22T09:00:00Zulu", "2026-11-22T09:00:00+1"] {
            #expect(ISO8601Instant.parse(bad) == nil, "\(bad)")
        }
    }
}

import Foundation
import Testing
import TestSupport
import TripCore
import TripDemo
import TripLive

/// The TfL client against the demo service over real HTTP on 127.0.0.1.
struct TfLOverHTTPTests {
    /// Search finds lettered stops (the area is resolved); arrivals count down and move on as time passes.
    @Test func searchAndArrivalsOverHTTP() async throws {
        try await withDemoServer { base in
            let tfl = TfLClient(transport: URLSessionTransport(), baseURL: base)
            let stops = try await tfl.searchStops(matching: "King's Cross")
            #expect(stops.map(\.letter) == ["B", "D", "K"])
            #expect(stops.allSatisfy { $0.stopID.hasPrefix("490000121") })
            let near = try await tfl.stops(near: KnownPlaces.london[0].coordinate, radius: 150)
            #expect(near.count == 4)
            #expect(near.map { $0.distance ?? 0 } == near.map { $0.distance ?? 0 }.sorted())

            let result = try await tfl.arrivals(at: "490000121D")
            #expect(result.skipped == 0)
            #expect(result.arrivals.count >= 10)
            #expect(Set(result.arrivals.map(\.line)) == ["30", "73", "205", "214", "390"])
            #expect(result.arrivals.map(\.expected) == result.arrivals.map(\.expected).sorted())
            await #expect(throws: APIError.service(.unknownStop("no-such-stop", service: "TfL"))) { try await tfl.arrivals(at: "no-such-stop") }
        }
    }

    /// An injected failure on arrivals reaches the client as the status it was.
    @Test func faultsReachTheClient() async throws {
        try await withDemoServer(faults: "arrivals=503@1,stops=malformed") { base in
            let tfl = TfLClient(transport: URLSessionTransport(), baseURL: base)
            await #expect(throws: APIError.httpStatus(503)) { try await tfl.arrivals(at: "490000121D") }
            let second = try await tfl.arrivals(at: "490000121D")
            #expect(!second.arrivals.isEmpty)
            await #expect(throws: APIError.decoding(.notJSON)) { try await tfl.searchStops(matching: "Waterloo") }
        }
    }

    /// Texts with every character a path treats specially, and letters beyond ASCII.
    static let awkwardTexts = [
        "Waterloo Station / Tenison Way", "Where? Here", "Stop #5", "100% Bus", "A+B", "Fish & Chips",
        "a;b=c,d", "two  spaces", "Gare de l’Est — Ünïcödé 東京 🚌", "..", "%2F already encoded", "back\\slash",
    ]

    /// Whatever a search text holds, it crosses real HTTP whole: the demo's answer echoes it as its
    /// `query`; and a name the demo gives, "/" and all, finds its stop.
    @Test func awkwardSearchTextsCrossHTTPWhole() async throws {
        try await withDemoServer { base in
            for text in Self.awkwardTexts {
                let recorder = BodyRecorder(URLSessionTransport())
                _ = try await TfLClient(transport: recorder, baseURL: base).searchStops(matching: text)
                let body = try #require(recorder.bodies.first)
                let echo = try JSONSerialization.jsonObject(with: body) as? [String: Any]
                #expect(echo?["query"] as? String == text)
            }
            let tfl = TfLClient(transport: URLSessionTransport(), baseURL: base)
            let stops = try await tfl.searchStops(matching: "Waterloo Station / Tenison Way")
            #expect(stops.map(\.letter) == ["W", "Y", "E"])
            #expect(stops.contains { $0.name == "Waterloo Station / Tenison Way" })
        }
    }

    /// The service's own reason for a refusal crosses real HTTP into the client's error.
    @Test func refusalReasonCrossesHTTP() async throws {
        try await withDemoServer { base in
            let tfl = TfLClient(transport: URLSessionTransport(), baseURL: base)
            await #expect(throws: APIError.httpStatus(400, reason: "The request is invalid: lat and lon must be a point on the globe and radius positive.")) {
                try await tfl.stops(near: Coordinate(latitude: 91, longitude: 0), radius: 100)
            }
            var query = DepartureQuery.standard
            query.currency = "GBP"
            await #expect(throws: APIError.httpStatus(400, reason: "unsupported currency GBP; use USD, CAD or EUR")) {
                try await BusbudClient(transport: URLSessionTransport(), baseURL: base).search(query)
            }
        }
    }
}

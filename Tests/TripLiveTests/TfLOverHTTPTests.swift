import Foundation
import Testing
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
            await #expect(throws: APIError.service("TfL knows no stop with the id “no-such-stop”")) { try await tfl.arrivals(at: "no-such-stop") }
        }
    }

    /// An injected failure on arrivals reaches the client as the status it was.
    @Test func faultsReachTheClient() async throws {
        try await withDemoServer(faults: "arrivals=503@1,stops=malformed") { base in
            let tfl = TfLClient(transport: URLSessionTransport(), baseURL: base)
            await #expect(throws: APIError.httpStatus(503)) { try await tfl.arrivals(at: "490000121D") }
            let second = try await tfl.arrivals(at: "490000121D")
            #expect(!second.arrivals.isEmpty)
            await #expect(throws: APIError.decoding("not valid JSON")) { try await tfl.searchStops(matching: "Waterloo") }
        }
    }
}

import Foundation
import Testing
import TripCore
@testable import TripDemo
import TripWords

struct TramTrackerSimulatorTests {
    static let evening = ISO8601Instant.parse("2026-11-22T09:00:00Z")!

    func client(at instant: Date, faults: String = "") throws -> TramTrackerClient {
        TramTrackerClient(transport: DemoTransport(service: DemoService(faults: try FaultPlan(spec: faults), now: { instant })),
                          baseURL: DemoEndpoints.tramTracker(base: DemoEndpoints.inProcessBase))
    }

    /// HomeTime's stops: the next three route-78 trams each way, soonest first, in Melbourne's 12-hour time.
    @Test func homeTimeStops() async throws {
        let client = try client(at: Self.evening)
        for (stop, destination) in [("4055", "North Richmond"), ("4155", "Balaclava")] {
            let result = try await client.predictions(stop: stop, route: "78")
            #expect(result.arrivals.count == 3)
            #expect(result.arrivals.allSatisfy { $0.line == "78" && $0.destination == destination && $0.vehicle != nil })
            #expect(result.arrivals.allSatisfy { (0...2400).contains($0.seconds(from: Self.evening)) })
            let shown = ArrivalText.display(result.arrivals[0], provider: TramTrackerProvider(), now: Self.evening)
            #expect(shown.hasPrefix("8:") && shown.contains(" pm ("), "\(shown)")
        }
        #expect(await client.tokensRequested == 1)
    }

    /// Demo tokens expire: a client holding an old one gets a fresh one once, and carries on.
    @Test func expiredTokenIsReplaced() async throws {
        let stale = "demo-\(Int(Self.evening.timeIntervalSince1970 / 60) - 60)"
        let client = TramTrackerClient(
            transport: DemoTransport(service: DemoService(now: { Self.evening })),
            baseURL: DemoEndpoints.tramTracker(base: DemoEndpoints.inProcessBase), token: stale)
        #expect(try await client.arrivals(at: "4057").arrivals.map(\.line).sorted().first == "70")
        #expect(await client.tokensRequested == 1)
        #expect(await client.currentToken != stale)
    }

    /// The demo's messages: route 16's standing disruption; route 70's event only in Melbourne's evening.
    @Test func disruptionsAndEveningEvents() async throws {
        let evening = try await client(at: Self.evening).arrivals(at: "4057")  // 8 pm in Melbourne
        #expect(evening.notices().map(\.kind) == [.specialEvent])
        #expect(evening.notices { $0.line == "78" }.isEmpty)
        let morning = try await client(at: Self.evening - 12 * 3600).arrivals(at: "4057")  // 8 am
        #expect(morning.notices().isEmpty)
        let city = try await client(at: Self.evening).predictions(stop: "1001", route: "16")
        #expect(city.notices().map(ArrivalText.notice) == ["Disruption: Route 16 trams are running up to 10 minutes late after a breakdown on St Kilda Rd."])
    }

    /// The demo's messages agree with its predictions: a disrupted route still predicted at a stop
    /// is only late (no message closes, diverts or replaces a stretch a tram is due on), and
    /// route 70's "extra trams" evening has them: its trams come twice as often as in the morning.
    @Test func messagesAgreeWithThePredictions() async throws {
        let client = try client(at: Self.evening)
        var disrupted = 0
        for stop in KnownTramStops.all {
            // Every tram predicted under a disruption message is one the message lets run.
            for arrival in try await client.arrivals(at: stop.stopID).arrivals {
                for notice in arrival.notices where notice.kind == .disruption {
                    disrupted += 1
                    let text = notice.text.lowercased()
                    #expect(text.hasPrefix("route \(arrival.line) "), "\(notice.text)")
                    for closure in ["no trams", "divert", "replac", "closed", "suspend", "not running", "terminat"] {
                        #expect(!text.contains(closure), "a route \(arrival.line) tram is due at \(stop.stopID): \(notice.text)")
                    }
                }
            }
        }
        #expect(disrupted > 0, "route 16's disruption is checked")
        func gaps(at instant: Date) async throws -> [TimeInterval] {
            let seventy = try await self.client(at: instant).predictions(stop: "4057", route: "70").arrivals.map(\.expected)
            return zip(seventy.dropFirst(), seventy).map { $0.timeIntervalSince($1) }
        }
        let evening = try await gaps(at: Self.evening)
        let morning = try await gaps(at: Self.evening - 12 * 3600)
        #expect(evening.count == 2 && morning.count == 2)
        #expect(evening.allSatisfy { $0 <= 5 * 60 + 90 }, "\(evening)")
        #expect(morning.allSatisfy { $0 >= 10 * 60 - 90 }, "\(morning)")
    }

    /// An injected `hasError` inside a 200 reaches the client as the service's own message; an unknown stop too.
    @Test func serviceErrors() async throws {
        let client = try client(at: Self.evening, faults: "trams=service-error@2-2")
        await #expect(throws: APIError.service(.said("injected fault: the service reported an error"))) {
            try await client.arrivals(at: "4055")
        }
        await #expect(throws: APIError.service(.said("Stop 9999 is not a valid TramTracker stop."))) {
            try await client.arrivals(at: "9999")
        }
        #expect(try await client.predictions(stop: "4055", route: "109").arrivals.isEmpty)
    }

    /// Dates go out as the service sends them, with Melbourne's offset of the day: +1100 in summer, +1000 in winter.
    @Test func datesCarryMelbournesOffset() {
        #expect(TramTrackerSimulator.dotNetDate(Self.evening) == "/Date(1795338000000+1100)/")
        let winter = ISO8601Instant.parse("2026-07-01T00:00:00Z")!
        #expect(TramTrackerSimulator.dotNetDate(winter).hasSuffix("+1000)/"))
        #expect(DotNetDate.parse(TramTrackerSimulator.dotNetDate(winter)) == winter)
    }
}

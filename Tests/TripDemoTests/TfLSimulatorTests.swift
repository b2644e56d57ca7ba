import Foundation
import Testing
import TripCore
@testable import TripDemo

struct TfLSimulatorTests {
    static let nine = ISO8601Instant.parse("2026-11-22T09:00:00Z")!

    func client(at instant: Date) -> TfLClient {
        TfLClient(transport: DemoTransport(service: DemoService(now: { instant })), baseURL: DemoEndpoints.inProcessBase)
    }

    /// Arrivals follow the clock: ten minutes later the same buses are ten minutes closer, and ones that
    /// have gone give way to new ones at the end of the 30 minutes.
    @Test func arrivalsCountDownAndMoveOn() async throws {
        let first = try await client(at: Self.nine).arrivals(at: "490000173OE")
        let later = try await client(at: Self.nine.addingTimeInterval(600)).arrivals(at: "490000173OE")
        #expect(first.arrivals.count >= 12)
        #expect(first.arrivals.allSatisfy { (0...1800).contains($0.seconds(from: Self.nine)) })
        let stillComing = first.arrivals.filter { $0.seconds(from: Self.nine) >= 600 }
        #expect(stillComing.allSatisfy { bus in later.arrivals.contains(bus) })
        #expect(later.arrivals.contains { !first.arrivals.contains($0) })
        #expect(Set(first.arrivals.map(\.line)) == ["55", "73", "98", "390"])
        #expect(first.arrivals.allSatisfy { $0.vehicle?.count == 7 && $0.stopLetter == "OE" && !$0.destination.isEmpty })
    }

    /// Like TfL, the demo sends predictions unsorted (the client sorts them).
    @Test func predictionsArriveUnsorted() async throws {
        let url = DemoEndpoints.inProcessBase.appendingPathComponent("StopPoint/490000121D/Arrivals")
        let response = await DemoService(now: { Self.nine }).respond(to: HTTPRequest(url: url))
        let seconds = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
            .compactMap { $0["timeToStation"] as? Int }
        #expect(seconds.count > 5)
        #expect(seconds != seconds.sorted())
    }

    /// Search matches areas and stops by name, ignoring case, accents and apostrophes; areas resolve to lettered stops.
    @Test(arguments: [("kings cross", ["B", "D", "K"]), ("TRAFALGAR", ["S", "T", "U", "V"]), ("russell", ["R"]),
                      ("Tenison", ["W", "Y", "E"]), ("nowhere at all", [])])
    func searchByName(text: String, letters: [String]) async throws {
        let stops = try await client(at: Self.nine).searchStops(matching: text)
        #expect(stops.map(\.letter) == letters)
    }

    /// Stops near a point come nearest first, within the radius.
    @Test func stopsNearAPoint() async throws {
        let waterloo = KnownPlaces.london[2].coordinate
        let stops = try await client(at: Self.nine).stops(near: waterloo, radius: 200)
        #expect(Set(stops.map(\.letter)) == ["W", "Y", "E"])
        #expect(stops.allSatisfy { ($0.distance ?? 999) <= 200 })
        #expect(stops.map { $0.distance! } == stops.map { $0.distance! }.sorted())
    }

    /// Unknown stops and bad points are answered as TfL does: 404 and 400.
    @Test func errorsAsTfLAnswers() async throws {
        let tfl = client(at: Self.nine)
        await #expect(throws: APIError.service(.unknownStop("490000000XX", service: "TfL"))) { try await tfl.arrivals(at: "490000000XX") }
        await #expect(throws: APIError.httpStatus(400, reason: "The request is invalid: lat and lon must be a point on the globe and radius positive.")) {
            try await tfl.stops(near: Coordinate(latitude: 91, longitude: 0), radius: 100)
        }
    }

    /// Texts with every character a path treats specially, and letters beyond ASCII.
    static let awkwardTexts = [
        "Waterloo Station / Tenison Way", "Where? Here", "Stop #5", "100% Bus", "A+B", "Fish & Chips",
        "a;b=c,d", "two  spaces", "Gare de l’Est — Ünïcödé 東京 🚌", "..", "%2F already encoded", "back\\slash",
    ]

    /// Whatever a search text holds, the demo gets it whole: its answer's `query` is the text sent,
    /// and the search answers (no 404 for a "/").
    @Test(arguments: awkwardTexts)
    func searchTextArrivesWhole(text: String) async throws {
        let recorder = RecordingTransport(DemoService(now: { Self.nine }))
        _ = try await TfLClient(transport: recorder, baseURL: DemoEndpoints.inProcessBase).searchStops(matching: text)
        #expect(try recorder.firstObject()["query"] as? String == text)
    }

    /// A name the demo itself gives, "/" and all, finds that stop (with the rest of its area).
    @Test func nameWithASlashFindsItsStop() async throws {
        let stops = try await client(at: Self.nine).searchStops(matching: "Waterloo Station / Tenison Way")
        #expect(stops.map(\.letter) == ["W", "Y", "E"])
        #expect(stops.first { $0.letter == "Y" }?.name == "Waterloo Station / Tenison Way")
    }

    /// A stop id with reserved characters reaches the demo whole: it answers that it knows no stop
    /// by that exact id, which reaches the client as the stop it asked for.
    @Test(arguments: ["4900/00?x#y", "100%+&", "Ünï 東京"])
    func stopIDArrivesWhole(id: String) async throws {
        let recorder = RecordingTransport(DemoService(now: { Self.nine }))
        let tfl = TfLClient(transport: recorder, baseURL: DemoEndpoints.inProcessBase)
        await #expect(throws: APIError.service(.unknownStop("\(id)", service: "TfL"))) { try await tfl.arrivals(at: id) }
        #expect(try recorder.firstObject()["message"] as? String == "The following stop point is not recognised: \(id)")
    }

    /// Routing splits the path before decoding it: a search for "… / Arrivals" is a stop search, so a
    /// fault on arrivals leaves it alone.
    @Test func searchEndingInArrivalsIsASearch() async throws {
        let faulty = DemoService(faults: try FaultPlan(spec: "arrivals=503"), now: { Self.nine })
        let tfl = TfLClient(transport: DemoTransport(service: faulty), baseURL: DemoEndpoints.inProcessBase)
        #expect(try await tfl.searchStops(matching: "Tenison Way / Arrivals").isEmpty)
        await #expect(throws: APIError.httpStatus(503)) { try await tfl.arrivals(at: "490000254Y") }
    }

    /// A path that is not valid percent-encoding is refused as a bad request, not misread.
    @Test func brokenEscapesAreABadRequest() async throws {
        let url = try #require(URL(string: "http://demo/StopPoint/Search/100%25%FF%FE"))
        let response = await DemoService(now: { Self.nine }).respond(to: HTTPRequest(url: url))
        #expect(response.status == 400)
    }
}

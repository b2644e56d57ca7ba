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
        await #expect(throws: APIError.service("TfL knows no stop with the id “490000000XX”")) { try await tfl.arrivals(at: "490000000XX") }
        await #expect(throws: APIError.httpStatus(400)) {
            try await tfl.stops(near: Coordinate(latitude: 91, longitude: 0), radius: 100)
        }
    }
}

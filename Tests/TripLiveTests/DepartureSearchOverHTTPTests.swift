import Foundation
import Testing
import TestSupport
import TripCore
import TripDemo
@testable import TripLive

/// The whole polling search over real HTTP on 127.0.0.1, against the demo's HTTP face.
struct DepartureSearchOverHTTPTests {
    func search(_ base: URL) -> DepartureSearch<SteppedClock> {
        DepartureSearch(client: BusbudClient(transport: URLSessionTransport(), baseURL: base),
                        clock: SteppedClock(sleepsEndAtOnce: true), pollInterval: .milliseconds(20))
    }

    /// The brief's search completes over HTTP with every departure once.
    @Test func searchCompletesOverHTTP() async throws {
        let snapshots = try await withDemoServer { base in
            var snapshots: [SearchSnapshot] = []
            for await snapshot in search(base).snapshots(for: .standard) { snapshots.append(snapshot) }
            return snapshots
        }
        #expect(snapshots.count >= 2)
        #expect(snapshots.last?.phase == .complete)
        #expect(snapshots.last?.departures.count == 8)
        #expect(snapshots.last?.departures.allSatisfy { $0.operatorName != nil && $0.originName != nil } == true)
    }

    /// A poll that fails ends the search with that error and the departures found before it.
    @Test func failingPollKeepsWhatArrived() async throws {
        let last = try await withDemoServer(faults: "poll=502") { base in
            var last: SearchSnapshot?
            for await snapshot in search(base).snapshots(for: .standard) { last = snapshot }
            return last
        }
        #expect(last?.phase == .failed(.httpStatus(502)))
        #expect((last?.departures.count ?? 0) > 0)
    }
}

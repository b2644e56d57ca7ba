import Foundation
import Testing
import TripCore
import TripDemo
@testable import TripLive

/// TramTracker's device token, kept in the database across launches.
struct KeptTokenTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-token-\(UUID().uuidString)")
    static let evening = ISO8601Instant.parse("2026-11-22T09:00:00Z")!

    /// A launch of the app at `instant`: a fresh client on the demo, keeping its token in `folder`.
    func launch(at instant: Date, base: URL = DemoEndpoints.inProcessBase) -> TramTrackerClient {
        TramTrackerClient(transport: DemoTransport(service: DemoService(now: { instant })),
                          baseURL: DemoEndpoints.tramTracker(base: base), keeper: LazySQLiteStore(directory: folder))
    }

    /// The second launch asks for no token; one after the kept token expired asks for exactly one
    /// and keeps it; a service at another address never gets this one's token.
    @Test func tokenLastsAcrossLaunches() async throws {
        let first = launch(at: Self.evening)
        #expect(try await first.arrivals(at: "4055").arrivals.count > 0)
        #expect(await first.tokensRequested == 1)
        let kept = try #require(await first.currentToken)

        let second = launch(at: Self.evening + 60)
        #expect(try await second.arrivals(at: "4155").arrivals.count > 0)
        #expect(await second.tokensRequested == 0)
        #expect(await second.currentToken == kept)

        // Demo tokens last 15 minutes: the kept one is rejected, replaced once, and the new one kept.
        let later = launch(at: Self.evening + 3600)
        #expect(try await later.arrivals(at: "4055").arrivals.count > 0)
        #expect(await later.tokensRequested == 1)
        let renewed = try #require(await later.currentToken)
        #expect(renewed != kept)
        let next = launch(at: Self.evening + 3660)
        _ = try await next.arrivals(at: "4055")
        #expect(await next.tokensRequested == 0)
        #expect(await next.currentToken == renewed)

        let elsewhere = launch(at: Self.evening + 3660, base: URL(string: "http://127.0.0.1:9/")!)
        _ = try await elsewhere.arrivals(at: "4055")
        #expect(await elsewhere.tokensRequested == 1)
    }

    /// The values live in the database file itself, beside the favourites.
    @Test func valuesAreInTheDatabase() async throws {
        let (store, _) = try SQLiteStore.open(in: folder)
        #expect(await store.value(for: "a") == nil)
        await store.setValue("1", for: "a")
        await store.setValue("2", for: "a")
        #expect(try await SQLiteStore.open(in: folder).store.value(for: "a") == "2")
    }
}

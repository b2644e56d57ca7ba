import CGio
import Desktop
import Foundation
import GLibBridge
import Testing

/// The real GeoClue client against the fake GeoClue of `Tests/support/geoclue2.py` on a private
/// system bus (never the machine's): a fix, a refusal, no GeoClue, no bus, and a cancel while no
/// fix comes. The GLib main context is run by the test while it waits, as GTK runs it in the app.
@Suite(.serialized)
@MainActor
struct GeoClueClientTests {
    static let desktopID = "io.github.tripboard.Tripboard"
    static let clientPath = "/org/freedesktop/GeoClue2/Client/1"
    static let clientInterface = "org.freedesktop.GeoClue2.Client"

    /// Runs the main context until `task` has ended, and returns its outcome.
    func outcome(of task: Task<GeoClueFix, any Error>) async -> Result<GeoClueFix, GeoClueError> {
        let ended = Ended()
        Task { _ = await task.result; ended.value = true }
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while !ended.value, ContinuousClock.now < deadline { await iterate() }
        guard ended.value else {
            Issue.record("locate never ended")
            return .failure(.failed("never ended"))
        }
        return await task.result.mapError { $0 as! GeoClueError }
    }

    /// One turn of the main context, then a moment for the main actor.
    func iterate() async {
        while g_main_context_iteration(nil, 0) != 0 {}
        try? await Task.sleep(for: .milliseconds(2))
    }

    /// Lets the main context run until every box GLib held for the client has been given back.
    func boxesReturn(to count: Int) async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while UserDataBoxes.liveCount != count, ContinuousClock.now < deadline { await iterate() }
        #expect(UserDataBoxes.liveCount == count, "every callback box is released")
    }

    func locate(on bus: PrivateSystemBus) -> Task<GeoClueFix, any Error> {
        let client = GeoClueClient(desktopID: Self.desktopID, accuracy: .street, busAddress: bus.address)
        return Task { try await client.locate() }
    }

    /// A fix that comes at once after Start (so a client subscribing late would miss it) is read:
    /// its latitude, longitude and accuracy; DesktopId and the accuracy were set, and the client
    /// was stopped after.
    @Test func aFixIsRead() async throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startGeoClue(#"{"mode": "fix", "latitude": 51.5308, "longitude": -0.1238, "accuracy": 30, "delay_ms": 0}"#)
        let before = UserDataBoxes.liveCount
        let result = await outcome(of: locate(on: bus))
        #expect(result == .success(GeoClueFix(latitude: 51.5308, longitude: -0.1238, accuracy: 30)))
        #expect(try bus.property(Self.clientPath, Self.clientInterface, "DesktopId") == "'\(Self.desktopID)'")
        #expect(try bus.property(Self.clientPath, Self.clientInterface, "RequestedAccuracyLevel") == "uint32 6")
        await settleActive(bus)
        await boxesReturn(to: before)
    }

    /// GeoClue's refusal on Start comes back as `.denied` with its own reason, without the D-Bus
    /// error's name.
    @Test func aRefusalIsDenied() async throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startGeoClue(#"{"mode": "refuse"}"#)
        let before = UserDataBoxes.liveCount
        let result = await outcome(of: locate(on: bus))
        #expect(result == .failure(.denied("'\(Self.desktopID)' disallowed by configuration for UID 1000")))
        await boxesReturn(to: before)
    }

    /// A system bus without GeoClue, and no system bus at all: `.noService`, at once.
    @Test func noGeoClueIsNoService() async throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        let before = UserDataBoxes.liveCount
        let result = await outcome(of: locate(on: bus))
        guard case .failure(.noService(let message)) = result else {
            Issue.record("expected noService, got \(result)")
            return
        }
        #expect(message.contains("org.freedesktop.GeoClue2"), "\(message)")

        let missing = GeoClueClient(desktopID: Self.desktopID, busAddress: "unix:path=/nonexistent/tripboard-bus")
        let none = await outcome(of: Task { try await missing.locate() })
        guard case .failure(.noService) = none else {
            Issue.record("expected noService without a bus, got \(none)")
            return
        }
        await boxesReturn(to: before)
    }

    /// While no fix comes, cancelling the task ends `locate` with `.cancelled` and stops the client.
    @Test func cancellingWhileNoFixComesStopsTheClient() async throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startGeoClue(#"{"mode": "silent"}"#)
        let before = UserDataBoxes.liveCount
        let task = locate(on: bus)
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while (try? bus.property(Self.clientPath, Self.clientInterface, "Active")) != "true", ContinuousClock.now < deadline {
            await iterate()
        }
        #expect(try bus.property(Self.clientPath, Self.clientInterface, "Active") == "true", "started")
        task.cancel()
        #expect(await outcome(of: task) == .failure(.cancelled))
        await settleActive(bus)
        await boxesReturn(to: before)
    }

    /// Waits until the fake client has been stopped (`Active` false).
    func settleActive(_ bus: PrivateSystemBus) async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while (try? bus.property(Self.clientPath, Self.clientInterface, "Active")) != "false", ContinuousClock.now < deadline {
            await iterate()
        }
        #expect((try? bus.property(Self.clientPath, Self.clientInterface, "Active")) == "false", "Stop was called")
    }
}

/// Whether a task has ended, seen from the main actor.
@MainActor
private final class Ended {
    var value = false
}

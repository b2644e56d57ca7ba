import CGio
import Foundation
import GLibBridge
import Testing
@testable import Desktop

/// The real GeoClue conversation against the fake GeoClue of `Tests/support/geoclue2.py` on a
/// private system bus (never the machine's): a fix, a refusal, no GeoClue, no bus, and a cancel
/// while no fix comes; every callback box GLib held is given back.
///
/// Each test drives the request and the GLib main context without suspending, from start to the
/// boxes' return, as GTK's own tests do: the count of live boxes is one for the whole process, so
/// a test that awaited with boxes in flight would upset the GTK suites' counts running beside it
/// (measured), and theirs its. `GeoClueClient.locate`, the async face over this request, is
/// driven in the window tests (Tests/e2e/test_locate.py).
@Suite(.serialized)
@MainActor
struct GeoClueRequestTests {
    static let desktopID = "io.github.tripboard.Tripboard"
    static let clientPath = "/org/freedesktop/GeoClue2/Client/1"
    static let clientInterface = "org.freedesktop.GeoClue2.Client"

    /// Runs the main context until `condition` holds or 20 s pass; whether it held.
    @discardableResult
    func iterate(until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
        }
        return true
    }

    /// Starts a request on `bus` and runs the main context until it ends; its result.
    func locate(on address: String, while running: (GeoClueRequest) -> Void = { _ in }) -> Result<GeoClueFix, GeoClueError>? {
        var outcome: Result<GeoClueFix, GeoClueError>?
        let request = GeoClueRequest(desktopID: Self.desktopID, accuracy: GeoClueClient.AccuracyLevel.street.rawValue,
                                     busAddress: address)
        request.start { outcome = $0 }
        running(request)
        #expect(iterate { outcome != nil }, "the request ended")
        return outcome
    }

    /// Runs the main context until every box GLib held for the request has been given back.
    func expectBoxesReturn(to count: Int) {
        #expect(iterate { UserDataBoxes.liveCount == count }, "every callback box is released: \(UserDataBoxes.liveCount) live, not \(count)")
    }

    /// Runs the main context until the fake client has been stopped (`Active` false).
    func expectStopped(_ bus: PrivateSystemBus) {
        #expect(iterate { (try? bus.property(Self.clientPath, Self.clientInterface, "Active")) == "false" }, "Stop was called")
    }

    /// A fix that comes at once after Start (so a client subscribing late would miss it) is read:
    /// its latitude, longitude and accuracy; DesktopId and the accuracy were set, and the client
    /// was stopped after.
    @Test func aFixIsRead() throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startGeoClue(#"{"mode": "fix", "latitude": 51.5308, "longitude": -0.1238, "accuracy": 30, "delay_ms": 0}"#)
        let before = UserDataBoxes.liveCount
        #expect(locate(on: bus.address) == .success(GeoClueFix(latitude: 51.5308, longitude: -0.1238, accuracy: 30)))
        #expect(try bus.property(Self.clientPath, Self.clientInterface, "DesktopId") == "'\(Self.desktopID)'")
        #expect(try bus.property(Self.clientPath, Self.clientInterface, "RequestedAccuracyLevel") == "uint32 6")
        expectStopped(bus)
        expectBoxesReturn(to: before)
    }

    /// GeoClue's refusal on Start comes back as `.denied` with its own reason, without the D-Bus
    /// error's name.
    @Test func aRefusalIsDenied() throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startGeoClue(#"{"mode": "refuse"}"#)
        let before = UserDataBoxes.liveCount
        #expect(locate(on: bus.address) == .failure(.denied("'\(Self.desktopID)' disallowed by configuration for UID 1000")))
        expectBoxesReturn(to: before)
    }

    /// A system bus without GeoClue, and no system bus at all: `.noService`.
    @Test func noGeoClueIsNoService() throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        let before = UserDataBoxes.liveCount
        let result = locate(on: bus.address)
        guard case .failure(.noService(let message)) = result else {
            Issue.record("expected noService, got \(String(describing: result))")
            return
        }
        #expect(message.contains("org.freedesktop.GeoClue2"), "\(message)")
        let none = locate(on: "unix:path=/nonexistent/tripboard-bus")
        guard case .failure(.noService) = none else {
            Issue.record("expected noService without a bus, got \(String(describing: none))")
            return
        }
        expectBoxesReturn(to: before)
    }

    /// While no fix comes, cancelling ends the request with `.cancelled` and stops the client.
    @Test func cancellingWhileNoFixComesStopsTheClient() throws {
        let bus = try PrivateSystemBus()
        defer { bus.stop() }
        try bus.startGeoClue(#"{"mode": "silent"}"#)
        let before = UserDataBoxes.liveCount
        let result = locate(on: bus.address) { request in
            #expect(iterate { (try? bus.property(Self.clientPath, Self.clientInterface, "Active")) == "true" }, "started")
            request.cancel()
        }
        #expect(result == .failure(.cancelled))
        expectStopped(bus)
        expectBoxesReturn(to: before)
    }
}

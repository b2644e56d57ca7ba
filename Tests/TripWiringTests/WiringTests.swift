import Foundation
import Testing
import TripCore
import TripViewModels
import TripWiring

/// The composition root without GTK: settings, environment and the built-in demo joined into the
/// clients the window and the command line use.
struct WiringTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-wiring-\(UUID().uuidString)")

    func runtime(_ extra: [String: String] = [:]) -> Runtime {
        Runtime(environment: ["TRIPBOARD_DATA_DIR": folder.appendingPathComponent("data").path,
                              "TRIPBOARD_CACHE_DIR": folder.appendingPathComponent("cache").path,
                              "TRIPBOARD_NOW": "2026-11-22T09:00:00Z"].merging(extra) { _, new in new })
    }

    /// Fresh state: every service is the built-in demo, answering in-process; the clock is pinned.
    @Test func freshStateRunsOnTheBuiltInDemo() async throws {
        let runtime = runtime()
        #expect(runtime.warnings.isEmpty)
        #expect(runtime.today == LocalDate(runtime.now(), in: .current))
        let services = Clients(settings: runtime.settingsNow().settings, runtime: runtime)
        let deals = try await services.deals.fetchDeals(DealsQuery.standard(now: runtime.now()))
        #expect(deals.deals.count == 21)
        #expect(services.stops.count == 2)
    }

    /// A service's variable selects the live client at that address, over the settings.
    @Test func anEnvironmentAddressWinsOverTheDemo() async throws {
        let runtime = runtime(["TRIPBOARD_DEALS_URL": "http://127.0.0.1:9/deals"])
        let services = Clients(settings: runtime.settingsNow().settings, runtime: runtime)
        await #expect(throws: APIError.self) { try await services.deals.fetchDeals(DealsQuery.standard(now: runtime.now())) }
    }

    /// An impossible `TRIPBOARD_NOW` is said and the real clock used, never rolled over.
    @Test func anImpossibleNowIsSaid() {
        let runtime = runtime(["TRIPBOARD_NOW": "2026-02-30T12:00:00Z"])
        #expect(runtime.warnings.count == 1)
        #expect(runtime.warnings.first?.hasPrefix("TRIPBOARD_NOW") == true)
    }

    /// `TRIPBOARD_NOW` is read by the one reader `--now` uses: a time without a zone is refused and
    /// said in that reader's words, and the real clock used; a zone or Z pins the clock.
    @Test func aNowWithoutAZoneIsSaidInTheReadersWords() {
        let unzoned = runtime(["TRIPBOARD_NOW": "2026-11-22T09:00:00"])
        #expect(unzoned.warnings == ["TRIPBOARD_NOW " + ISO8601Instant.Refusal.noZone.sentence("2026-11-22T09:00:00")
            + "; using the real clock"])
        #expect(abs(unzoned.now().timeIntervalSinceNow) < 60)
        let zoned = runtime(["TRIPBOARD_NOW": "2026-11-22T10:00:00+01:00"])
        #expect(zoned.warnings.isEmpty)
        #expect(zoned.now() == ISO8601Instant.parse("2026-11-22T09:00:00Z"))
    }

    /// `TRIPBOARD_UNDO_SECONDS` sets how long Undo is offered (the window tests offer it long);
    /// without it, the usual time.
    @Test func undoSecondsSetHowLongUndoIsOffered() {
        #expect(runtime().undoWindow == FavouriteList.undoWindow)
        let long = runtime(["TRIPBOARD_UNDO_SECONDS": "120"])
        #expect(long.undoWindow == .seconds(120))
        #expect(long.warnings.isEmpty)
    }

    /// An unreadable `TRIPBOARD_UNDO_SECONDS` is said, and Undo offered for the usual time.
    @Test(arguments: ["0", "soon", "2.5", "-5", "3601"])
    func unreadableUndoSecondsAreSaid(_ value: String) {
        let runtime = runtime(["TRIPBOARD_UNDO_SECONDS": value])
        #expect(runtime.undoWindow == FavouriteList.undoWindow)
        #expect(runtime.warnings == ["TRIPBOARD_UNDO_SECONDS “\(value)” is not a whole number of seconds from 1 to 3600; "
            + "Undo is offered for the usual time"])
    }

    /// A command's runtime refuses to save where the folder cannot keep it; the window's keeps the
    /// change for the session.
    @Test func aCommandRefusesWhatTheWindowKeepsForTheSession() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: folder.appendingPathComponent("data"))
        await #expect(throws: StoreError.self) { try await runtime().settingsStore.saveSetting(.clock, "24") }
        let window = Runtime(environment: ["TRIPBOARD_DATA_DIR": folder.appendingPathComponent("data").path,
                                           "TRIPBOARD_CACHE_DIR": folder.appendingPathComponent("cache").path],
                             keepsUnsavedChanges: true)
        try await window.settingsStore.saveSetting(.clock, "24")
    }
}

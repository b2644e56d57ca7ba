import Foundation
import Synchronization
import Testing
import TripCore
@testable import TripViewModels
import TestSupport

/// Settings kept in memory, optionally failing, as the database and credentials file would keep them.
final class MemorySettingsStore: SettingsStore {
    private let state = Mutex<(saved: [SettingKey: String], failure: StoreError?, writes: Int)>(([:], nil, 0))

    init(_ saved: [SettingKey: String] = [:]) {
        state.withLock { $0.saved = saved }
    }

    var saved: [SettingKey: String] { state.withLock { $0.saved } }
    var writes: Int { state.withLock { $0.writes } }

    func failSaves(with error: StoreError?) {
        state.withLock { $0.failure = error }
    }

    func saveSetting(_ key: SettingKey, _ value: String?) async throws(StoreError) {
        try state.withLock { state throws(StoreError) in
            if let failure = state.failure { throw failure }
            state.saved[key] = value
            state.writes += 1
        }
    }
}

final class MemoryCache: CacheStore {
    private let bytes = Mutex<Int64>(1_500_000)

    func size() async -> Int64 { bytes.withLock { $0 } }
    func clear() async throws(StoreError) { bytes.withLock { $0 = 0 } }
}

/// The view models of every page, following one Settings view model, with services per source.
@MainActor
struct SettingsViewModelTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_338_000) // 2026-11-22T09:00:00Z
    let store = MemorySettingsStore()
    let clock = SteppedClock()
    let demoDeals = GatedDealsService()
    let liveDeals = GatedDealsService()
    let demoSearch = ScriptedSearch()
    let liveSearch = ScriptedSearch()
    let demoStops = ScriptedStopService()
    let liveStops = ScriptedStopService()

    func services(_ settings: Settings) -> PageClients {
        PageClients(deals: settings.isLive(DealsProvider()) ? liveDeals : demoDeals,
                   departures: settings.isLive(BusbudProvider()) ? liveSearch : demoSearch,
                   stops: [settings.isLive(TfLProvider()) ? liveStops : demoStops])
    }

    func makeModel(settings: Settings = Settings(),
                   tester: @escaping @Sendable (ServiceID, Settings) async throws(APIError) -> String = { _, _ in "ok" })
        -> SettingsViewModel {
        SettingsViewModel(settings: settings, store: store, clock: clock, systemClock: "24h",
                          locations: ("/data", "/cache"), cache: MemoryCache(),
                          makeServices: { [self] in services($0) }, testConnection: tester)
    }

    /// One change reaches every page at once: Deals re-runs against the new source, the Search
    /// form takes the new default currency, Favourites the new interval and clock.
    @Test func aChangeReachesEveryPageAtOnce() async {
        let settings = makeModel()
        let deals = DealsViewModel(service: demoDeals, now: { Self.now })
        let search = SearchViewModel(searching: demoSearch, initial: Settings().searchDefaults(today: LocalDate(year: 2026, month: 11, day: 22)))
        let favourites = FavouritesViewModel(store: MemoryFavouritesStore(), services: [demoStops], clock: clock, now: { Self.now })
        for follower: any SettingsFollower in [deals, search, favourites] { settings.add(follower) }

        deals.appear()
        await settle { demoDeals.waitingCount == 1 }
        demoDeals.answer(.success(DealsResult(deals: [deal("Demo Malta", position: 0)])))
        await settle { deals.state.value?.first?.title == "Demo Malta" }

        settings.commitNow(.dealsURL, "http://127.0.0.1:8080/deals/search")
        settings.commitNow(.dealsImageURL, "http://127.0.0.1:8080/img/{id}.jpg")
        settings.choose(.dealsSource, "live")
        await settings.settle()
        #expect(store.saved[.dealsSource] == "live")
        #expect(settings.problems.isEmpty)
        #expect(demoDeals.queries.count == 1, "the addresses of a service in demo change nothing")
        // The page that was showing demo deals loads again, from the live service.
        await settle { liveDeals.waitingCount == 1 }
        #expect(deals.state == .loading(shown: nil), "the demo's deals are not shown as the live service's")
        liveDeals.answer(.success(DealsResult(deals: [deal("Live Lisbon", position: 0)])))
        await settle { deals.state.value?.first?.title == "Live Lisbon" }

        settings.choose(.searchCurrency, "eur")
        settings.choose(.refreshSeconds, "45")
        settings.choose(.clock, "12")
        await settings.settle()
        #expect(search.currency == "EUR")
        #expect(search.date == LocalDate(year: 2026, month: 11, day: 22), "the day stays")
        #expect(favourites.cycle.interval == .seconds(45))
        #expect(favourites.clockFormat == .twelveHour)
        #expect(search.clockFormat == .twelveHour)
        #expect(store.saved == [.dealsURL: "http://127.0.0.1:8080/deals/search", .dealsImageURL: "http://127.0.0.1:8080/img/{id}.jpg",
                                .dealsSource: "live", .searchCurrency: "EUR", .refreshSeconds: "45", .clock: "12"])
    }

    /// A search on screen runs again against the coach service the settings now choose.
    @Test func switchingTheCoachServiceRerunsTheSearchOnScreen() async {
        let settings = makeModel(settings: Settings(saved: [.busbudToken: "token"]))
        let search = SearchViewModel(searching: demoSearch, initial: .standard)
        settings.add(search)
        search.search()
        await settle { demoSearch.queries.count == 1 }
        settings.choose(.busbudSource, "live")
        await settings.settle()
        await settle { liveSearch.queries.count == 1 }
        #expect(demoSearch.isTerminated(0))
        #expect(search.lastQuery == search.query)
    }

    /// A bad value shows why beside its field and is not saved; other fields still save.
    @Test func aBadValueIsNotSavedAndTheRestStillIs() async {
        let settings = makeModel()
        settings.edit(.tflURL, "not a web address")
        settings.edit(.refreshSeconds, "5")
        #expect(settings.problems.isEmpty, "nothing is said while typing")
        await settle { clock.sleeping == 2 }
        await clock.advance(by: SettingsViewModel.typingPause)
        await settle { settings.problems.count == 2 }
        #expect(settings.problems[.tflURL] == "“not a web address” is not an http or https address.")
        #expect(settings.problems[.refreshSeconds]?.contains("10 to 600") == true)
        settings.choose(.searchLanguage, "fr")
        await settings.settle()
        #expect(store.saved == [.searchLanguage: "fr"])
        #expect(settings.settings.value(.tflURL) == "https://api.tfl.gov.uk")

        // Typing again clears the field's problem; the fixed value saves once typing pauses.
        settings.edit(.tflURL, "http://127.0.0.1:9000")
        #expect(settings.problems[.tflURL] == nil)
        #expect(store.saved[.tflURL] == nil, "not before the pause")
        await settle { clock.sleeping == 1 }
        await clock.advance(by: SettingsViewModel.typingPause)
        await settings.settle()
        #expect(store.saved[.tflURL] == "http://127.0.0.1:9000")
    }

    /// A number field refuses what it cannot keep, says why, saves nothing, and the message goes
    /// once the value is fine again.
    @Test(arguments: ["abc", "5", "99999", "12.5"])
    func numberFieldsRefuseWhatTheyCannotKeep(_ typed: String) async {
        let settings = makeModel()
        #expect(settings.enterNumber(.refreshSeconds, typed) == nil)
        #expect(settings.problems[.refreshSeconds] == "Refresh every 10 to 600 seconds (10 s to 10 min).")
        await settings.settle()
        #expect(store.writes == 0)
        #expect(settings.enterNumber(.refreshSeconds, "45") == 45)
        #expect(settings.problems[.refreshSeconds] == nil)
        await settings.settle()
        #expect(store.saved == [.refreshSeconds: "45"])
    }

    /// A live source chosen without what it needs stays on the demo; the refusal is said beside
    /// the field that lacks it, not under a choice that no longer shows "Live", and goes once that
    /// field holds a value.
    @Test func aRefusedLiveChoiceIsSaidBesideWhatItLacks() async {
        let settings = makeModel()
        settings.choose(.dealsSource, "live")
        #expect(settings.problems == [.dealsURL: "Live deals need the address of the deals service."])
        #expect(settings.control(.dealsSource).value == "demo")
        settings.commitNow(.dealsURL, "http://127.0.0.1:8080/deals/search")
        #expect(settings.problems.isEmpty)
        settings.choose(.dealsSource, "live")
        #expect(settings.problems == [.dealsImageURL: "Live deals need the picture address template."])
        settings.choose(.busbudSource, "live")
        #expect(settings.problems[.busbudToken] == "Live coach search needs a Busbud token.")
        await settings.settle()
        #expect(store.saved == [.dealsURL: "http://127.0.0.1:8080/deals/search"])
    }

    /// Typing saves once, after the last key, not once per key.
    @Test func typingSavesOnceWhenItPauses() async {
        let settings = makeModel()
        for text in ["h", "ht", "http://127.0.0.1:1", "http://127.0.0.1:12"] {
            settings.edit(.busbudURL, text)
            await clock.advance(by: .milliseconds(100))
        }
        await clock.advance(by: SettingsViewModel.typingPause)
        await settings.settle()
        #expect(store.writes == 1)
        #expect(store.saved[.busbudURL] == "http://127.0.0.1:12")
    }

    /// Picking a default's own value forgets the saved one, so it follows the default again.
    @Test func choosingTheDefaultForgetsTheSavedValue() async {
        let settings = makeModel(settings: Settings(saved: [.searchCurrency: "EUR"]))
        settings.reset(.searchCurrency)
        await settings.settle()
        #expect(settings.settings.origin(.searchCurrency) == .default)
        #expect(store.saved[.searchCurrency] == nil)
    }

    /// When the save fails, the change is not put in force and the field says why.
    @Test func aFailedSaveIsSaidAndNotInForce() async {
        store.failSaves(with: .failed(.saveSetting, .diskFull))
        let settings = makeModel()
        let favourites = FavouritesViewModel(store: MemoryFavouritesStore(), services: [demoStops], clock: clock, now: { Self.now })
        settings.add(favourites)
        settings.choose(.refreshSeconds, "60")
        await settings.settle()
        #expect(settings.problems[.refreshSeconds] == "Tripboard could not save the setting: the disk is full.")
        #expect(settings.settings.refreshInterval == .seconds(30))
        #expect(favourites.cycle.interval == .seconds(30))
    }

    @Test func testConnectionReportsSuccessFailureAndCancel() async {
        let gate = AsyncStream<Void>.makeStream()
        let settings = makeModel { service, _ throws(APIError) in
            switch service {
            case .deals: return "Connected: the deals service sent 21 deals."
            case .busbud: throw .httpStatus(503)
            default:
                for await _ in gate.stream {}
                throw .cancelled
            }
        }
        settings.testConnection(.deals)
        settings.testConnection(.busbud)
        settings.testConnection(.tfl)
        #expect(settings.tests[.tfl] == .testing)
        await settle { settings.tests[.deals] != .testing && settings.tests[.busbud] != .testing }
        #expect(settings.tests[.deals] == .passed("Connected: the deals service sent 21 deals."))
        guard case .failed(let words) = settings.tests[.busbud] else {
            Issue.record("expected a failure, got \(String(describing: settings.tests[.busbud]))")
            return
        }
        #expect(words.contains("503") && words.contains("coach search"))
        settings.cancelTest(.tfl)
        #expect(settings.tests[.tfl] == nil)
        gate.continuation.finish()
        await drain()
        #expect(settings.tests[.tfl] == nil, "a cancelled test reports nothing")
    }

    /// A value the environment decides is locked, and its row says so in plain words; the
    /// variable's name and value (a secret's never) are for the tooltip, not the sentence.
    @Test func theEnvironmentIsSaidOnTheRowsItLocks() {
        let settings = makeModel(settings: Settings(environment: [
            "TRIPBOARD_BUSBUD_URL": "http://127.0.0.1:7000", "TRIPBOARD_TFL_APP_KEY": "key"]))
        #expect(settings.control(.busbudSource).value == "live" && settings.control(.busbudSource).locked)
        #expect(settings.control(.busbudURL).value == "http://127.0.0.1:7000" && settings.control(.busbudURL).locked)
        #expect(settings.control(.tflAppKey).value == "" && settings.control(.tflAppKey).locked, "a secret is never shown")
        #expect(settings.control(.searchCurrency).value == "USD" && !settings.control(.searchCurrency).locked)
        for key in [SettingKey.busbudSource, .busbudURL, .tflAppKey] {
            #expect(settings.rowSubtitle(key) == "Set by the environment, so it can’t be changed here")
        }
        #expect(settings.rowDetail(.busbudSource) == "TRIPBOARD_BUSBUD_URL=http://127.0.0.1:7000", "the address makes it live")
        #expect(settings.rowDetail(.busbudURL) == "TRIPBOARD_BUSBUD_URL=http://127.0.0.1:7000")
        #expect(settings.rowDetail(.tflAppKey) == "TRIPBOARD_TFL_APP_KEY is set (its value is a secret)")
        for key in [SettingKey.dealsSource, .dealsURL, .busbudToken, .searchCurrency] {
            #expect(settings.rowDetail(key) == nil, "\(key) is not locked")
        }
        #expect(settings.rowSubtitle(.dealsURL) == nil)
        #expect(settings.clockFormat == .twentyFourHour, "following the desktop's 24h")
    }

    /// A number's unit is said under its title, not crammed into it.
    @Test func numberRowsSayTheirUnitInTheSubtitle() {
        let settings = makeModel()
        #expect(SettingKey.refreshSeconds.title == "Refresh Every")
        #expect(settings.rowSubtitle(.refreshSeconds) == "Seconds between refreshes")
        #expect(SettingKey.timeLimitSeconds.title == "Time Limit")
        #expect(settings.rowSubtitle(.timeLimitSeconds) == "Seconds to wait for a service to answer")
        #expect(settings.rowSubtitle(.searchAdults) == nil)
    }

    /// Each control has a name of its own for a screen reader, though row titles repeat across groups.
    @Test func controlsHaveNamesOfTheirOwn() {
        let settings = makeModel()
        #expect(settings.controlName(.dealsSource) == "Deals source")
        #expect(settings.controlName(.tflURL) == "London buses address", "an address with a public default")
        #expect(settings.controlName(.dealsURL) == "Deals address")
        #expect(settings.controlName(.searchCurrency) == "Default currency")
        #expect(settings.controlName(.refreshSeconds) == "Refresh Every")
        let names = settings.services.flatMap(\.allSettings).map(settings.controlName)
            + SettingsViewModel.generalGroups.flatMap(\.keys).map(settings.controlName)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(Set(SettingsViewModel.generalGroups.flatMap(\.keys)) == Set(SettingKey.general), "every setting has a group")
    }

    /// Plain http is said where it is used: TramTracker's live address offers nothing else.
    @Test func plainHTTPIsSaid() {
        let demo = makeModel()
        #expect(demo.securityNote(.tramTracker) == nil, "the demo sends nothing anywhere")
        let live = makeModel(settings: Settings(saved: [.tramsSource: "live", .tflSource: "live"]))
        #expect(live.securityNote(.tramTracker)
                == "TramTracker offers no encrypted connection: others on the network can read what is sent and received. No key is sent.")
        #expect(live.securityNote(.tfl) == nil, "TfL is https")
        let keyOverHTTP = makeModel(settings: Settings(saved: [.tflSource: "live", .tflURL: "http://127.0.0.1:9", .tflAppKey: "k"]))
        #expect(keyOverHTTP.securityNote(.tfl)
                == "This connection isn’t encrypted: others on the network can read what is sent and received, the key included.")
    }

    @Test func clearingTheCacheSaysHowMuchItFrees() async {
        let settings = makeModel()
        #expect(settings.clearCacheLabel == "Clear Cache")
        settings.measureCache()
        await settle { settings.cacheBytes != nil }
        #expect(settings.clearCacheLabel == "Clear Cache (1.5 MB)")
        settings.clearCache()
        await settle { settings.cacheBytes == 0 && !settings.isClearingCache }
        #expect(settings.clearCacheLabel == "Clear Cache (Zero KB)")
    }
}

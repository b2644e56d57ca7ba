import Foundation
import Observation
import TripCore
import TripWords

/// A page's view model that follows the settings: told what changed, with the services made anew.
@MainActor
public protocol SettingsFollower: AnyObject {
    /// - Parameter clock: the clock format now in force (the desktop's, when following it).
    func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?)
}

/// The Settings tab: every setting, checked as it is typed, saved once it is valid, and put in
/// force at once on every page; "Test connection" per service; the cache's size and "Clear cache".
@MainActor
@Observable
public final class SettingsViewModel {
    /// The outcome of "Test connection".
    public enum ConnectionTest: Equatable, Sendable {
        case testing
        case passed(String)
        case failed(String)
    }

    public private(set) var settings: Settings
    /// Why a field's value was not saved, shown beside it.
    public private(set) var problems: [SettingKey: String] = [:]
    /// Something about how the settings were read or saved that the person must know.
    public private(set) var notice: String?
    public private(set) var tests: [ServiceID: ConnectionTest] = [:]
    /// Bytes the cache takes; nil while it is being measured.
    public private(set) var cacheBytes: Int64?
    public private(set) var isClearingCache = false
    public let dataLocation: String
    public let cacheLocation: String
    /// The desktop's `clock-format` ("12h", "24h"), when it has one.
    public let systemClock: String?

    /// How long typing in a field pauses before its value is checked and saved.
    public static let typingPause: Duration = .milliseconds(600)

    @ObservationIgnored private let store: any SettingsStore
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let makeServices: @MainActor (Settings) -> PageClients
    @ObservationIgnored private let tester: @Sendable (ServiceID, Settings) async throws(APIError) -> String
    @ObservationIgnored private let cache: any CacheStore
    @ObservationIgnored private var followers: [any SettingsFollower] = []
    /// Per field, waits for typing to pause.
    @ObservationIgnored private var typing: [SettingKey: Debouncer] = [:]
    /// Per service, the "Test connection" under way; a new one drops the old one's answer.
    @ObservationIgnored private var connectionTests: [ServiceID: LatestRequest] = [:]
    @ObservationIgnored private let saves = SerialQueue()
    /// Changes being saved, in order; nil forgets the saved value.
    @ObservationIgnored private var pending: [SettingKey: String?] = [:]

    public init(settings: Settings, notice: String? = nil, store: any SettingsStore, clock: any Clock<Duration>,
                systemClock: String? = nil, locations: (data: String, cache: String), cache: any CacheStore,
                makeServices: @escaping @MainActor (Settings) -> PageClients,
                testConnection: @escaping @Sendable (ServiceID, Settings) async throws(APIError) -> String) {
        self.settings = settings
        self.notice = notice
        self.store = store
        self.clock = clock
        self.systemClock = systemClock
        dataLocation = locations.data
        cacheLocation = locations.cache
        self.cache = cache
        self.makeServices = makeServices
        tester = testConnection
    }

    /// Pages that follow the settings; each is told about every change.
    public func add(_ follower: any SettingsFollower) {
        followers.append(follower)
    }

    /// Every service, in the order their sections show.
    public var services: [any ServiceProvider] { settings.registry.services }

    /// The clock format in force (the setting, or the desktop's when following it).
    public var clockFormat: ClockFormat? { settings.clock.format(system: systemClock) }

    // MARK: - Changing a setting

    /// A choice made (a drop-down, a toggle): checked and saved at once.
    public func choose(_ key: SettingKey, _ value: String) {
        typing[key]?.cancel()
        commit(key, value)
    }

    /// Text typed in a field: once typing pauses, checked (a problem shows beside it, not on
    /// every half-typed key) and saved.
    public func edit(_ key: SettingKey, _ text: String) {
        problems[key] = nil
        let pause = typing[key] ?? Debouncer(pause: Self.typingPause, clock: clock)
        typing[key] = pause
        pause.schedule { [weak self] _ in self?.commit(key, text) }
    }

    /// Enter in a field: saves what it holds now, without waiting for the pause.
    public func commitNow(_ key: SettingKey, _ text: String) {
        choose(key, text)
    }

    /// Text typed in a number field, taken in (Enter, leaving it): the number kept, or nil when it
    /// is refused — said beside the field, and nothing saved. Empty text is the default.
    @discardableResult
    public func enterNumber(_ key: SettingKey, _ text: String) -> Int? {
        choose(key, text)
        guard problems[key] == nil else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return Int(trimmed.isEmpty ? settings.defaultValue(key) : trimmed)
    }

    /// Back to the default.
    public func reset(_ key: SettingKey) {
        choose(key, "")
    }

    // MARK: - Reset to Defaults

    /// The groups offering "Reset to Defaults": the search's defaults and the display's.
    public static var resettableGroups: Set<String> { [tr("Search Defaults"), tr("Display")] }

    /// What Undo after "Reset to Defaults" says ("Search Defaults reset"); nil when there is
    /// nothing to undo.
    public private(set) var resetUndoMessage: String?
    /// The values saved before the reset, by setting (nil: the default was in force).
    @ObservationIgnored private var beforeReset: [SettingKey: String?] = [:]

    /// The settings of group `title` that a reset would change: those not at their default, less
    /// those the environment decides.
    public func resettable(_ title: String) -> [SettingKey] {
        guard Self.resettableGroups.contains(title) else { return [] }
        let keys = Self.generalGroups.first { $0.title == title }?.keys ?? []
        return keys.filter { !control($0).locked && intended.saved[$0] != nil }
    }

    /// The question asked before a reset: its heading and what goes back to its default.
    public func resetQuestion(_ title: String) -> (heading: String, body: String) {
        let captions = resettable(title).map { translated($0.caption) }
        let body = switch captions.count {
        case 0: tr("Nothing will change.")
        // TRANSLATORS: %1$@ is a setting's caption: "Currency".
        case 1: tr("%1$@ will go back to its default.").filled(captions[0])
        // TRANSLATORS: %1$@ lists settings' captions: "From, To and Currency".
        default: tr("%1$@ will go back to their defaults.").filled(Plural.listed(captions))
        }
        // TRANSLATORS: %1$@ is a group of settings: "Search Defaults".
        return (tr("Reset %1$@?").filled(title), body)
    }

    /// Puts group `title`'s settings back to their defaults, keeping what they were for Undo.
    public func resetToDefaults(_ title: String) {
        let keys = resettable(title)
        guard !keys.isEmpty else { return }
        beforeReset = Dictionary(uniqueKeysWithValues: keys.map { ($0, intended.saved[$0]) })
        for key in keys { reset(key) }
        // TRANSLATORS: the Undo bar after a reset, %1$@ a group of settings: "Search Defaults reset".
        resetUndoMessage = tr("%1$@ reset").filled(title)
    }

    /// Puts back what the last reset changed.
    public func undoReset() {
        for (key, value) in beforeReset { choose(key, value ?? "") }
        declineResetUndo()
    }

    /// The person closed the offer: the reset stays.
    public func declineResetUndo() {
        beforeReset = [:]
        resetUndoMessage = nil
    }

    /// What `key`'s control shows: the variable in force when one is set (the control is then
    /// locked: the environment wins for this whole run; a secret is never shown), else what is
    /// saved, else the default.
    public func control(_ key: SettingKey) -> (value: String, locked: Bool) {
        if settings.origin(key) == .environment {
            return (key.isCredential ? "" : settings.value(key), true)
        }
        return (settings.saved[key] ?? settings.defaultValue(key), false)
    }

    /// Said under a row whose value the environment decides for this run.
    public static var lockedByEnvironment: String { tr("Set by the environment, so it can’t be changed here") }

    /// The groups of the app's own settings, after the services', each with its title (in header
    /// capitals) and its settings in the order they show.
    public static var generalGroups: [(title: String, keys: [SettingKey])] {
        [
            // TRANSLATORS: a group of settings' title (header capitals in English; write it as your language writes titles).
            (tr("Search Defaults"), [.searchOrigin, .searchDestination, .searchAdults, .searchChildren, .searchSeniors,
                                     .searchCurrency, .searchLanguage]),
            // TRANSLATORS: a group of settings' title.
            (tr("Favourites"), [.refreshSeconds]),
            (tr("Network"), [.timeLimitSeconds]),
            (tr("Maps"), [.mapTiles, .mapTileURL]),
            (tr("Display"), [.language, .clock, .appearance]),
            (tr("Alerts"), [.alertMinutes, .alertNotify]),
        ]
    }

    /// What `key`'s row says under its title: that the environment decides it, else what its
    /// number counts; nil for nothing.
    public func rowSubtitle(_ key: SettingKey) -> String? {
        control(key).locked ? Self.lockedByEnvironment : key.subtitle
    }

    /// The technical side of a row locked by the environment, for its tooltip: the variable and
    /// its value ("TRIPBOARD_BUSBUD_URL=http://…"), a secret's value never; nil when not locked.
    public func rowDetail(_ key: SettingKey) -> String? {
        guard control(key).locked, let variable = settings.variableInForce(key) else { return nil }
        // TRANSLATORS: %1$@ is an environment variable's name.
        if key.isCredential { return tr("%1$@ is set (its value is a secret)").filled(variable) }
        // A source is locked by its service's address variable: the address is what it holds.
        let value = settings.registry.service(owning: key).flatMap { key == $0.sourceKey ? settings.value($0.urlKey) : nil }
            ?? settings.value(key)
        return "\(variable)=\(value)"
    }

    /// The name a screen reader gives `key`'s control, which must tell it from the same title
    /// in another group: "Deals source", "London buses address", "Default currency".
    public func controlName(_ key: SettingKey) -> String {
        if let service = settings.registry.service(owning: key) {
            // TRANSLATORS: read aloud, %1$@ a service's title: "Deals source".
            if key == service.sourceKey { return tr("%1$@ source").filled(translated(service.title)) }
            // TRANSLATORS: read aloud, %1$@ a service's title: "London buses address".
            if key == service.urlKey, !key.defaultValue.isEmpty { return tr("%1$@ address").filled(translated(service.title)) }
            return translated(key.caption)
        }
        // TRANSLATORS: read aloud, %1$@ a search setting's caption in lower case: "Default currency".
        if Self.generalGroups.first?.keys.contains(key) == true { return tr("Default %1$@").filled(translated(key.caption).lowercased()) }
        return key.title
    }

    /// The settings as they will be once the saves under way land: what a new change is checked
    /// against, so Enter in the address field and then "Live" at once works.
    private var intended: Settings {
        var intended = settings
        for (key, value) in pending { intended.saved[key] = value }
        return intended
    }

    /// Said when a live service is reached over plain http (TramTracker offers nothing else):
    /// what is sent and received can be read on the way. Nil over https and for the demo.
    public func securityNote(_ id: ServiceID) -> String? {
        guard let service = settings.registry.service(id), settings.isLive(service),
              URL(string: settings.value(service.urlKey))?.scheme?.lowercased() == "http" else { return nil }
        let credential = service.settings.contains { $0.isCredential && !settings.value($0).isEmpty }
        switch (service.plainHTTPOnlyAt, credential) {
        // TRANSLATORS: %1$@ names a service: "TramTracker".
        case (let only?, true): return tr("%1$@ offers no encrypted connection: others on the network can read what is sent and received, the key included.").filled(only)
        case (let only?, false): return tr("%1$@ offers no encrypted connection: others on the network can read what is sent and received. No key is sent.").filled(only)
        case (nil, true): return tr("This connection isn’t encrypted: others on the network can read what is sent and received, the key included.")
        case (nil, false): return tr("This connection isn’t encrypted: others on the network can read what is sent and received. No key is sent.")
        }
    }

    private func commit(_ key: SettingKey, _ text: String) {
        let intended = intended
        let value: String?
        switch intended.check(key, text) {
        case .failure(let problem):
            // A choice that would leave a service without what it needs goes back to what is
            // saved, so the refusal is said beside the field that lacks it, not the choice.
            problems[missingField(choosing: key, text, in: intended) ?? key] = problem.sentence
            return
        case .success(let checked):
            value = intended.stored(key, checked)
        }
        problems[key] = nil
        guard intended.saved[key] != value else { return }
        pending[key] = .some(value)
        saves.enqueue { [weak self, store] in
            var failure: StoreError?
            do throws(StoreError) {
                try await store.saveSetting(key, value)
            } catch {
                failure = error
            }
            guard let self else { return }
            if pending[key] == value { pending[key] = nil }
            if let failure {
                problems[key] = failure.sentence
            } else {
                apply(key, value)
            }
        }
    }

    /// The empty field of `key`'s service that choosing `text` for `key` finds missing; nil when
    /// the choice is refused for another reason.
    private func missingField(choosing key: SettingKey, _ text: String, in settings: Settings) -> SettingKey? {
        guard let service = settings.registry.service(owning: key) else { return nil }
        var after = settings
        after.saved[key] = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard after.isLive(service) else { return nil }
        return service.requiredWhenLive.first { $0 != key && after.value($0).isEmpty }
    }

    /// The change is on disk: put it in force, and tell every page.
    private func apply(_ key: SettingKey, _ value: String?) {
        settings.saved[key] = value
        let services = makeServices(settings)
        for follower in followers { follower.follow(settings, services: services, changed: key, clock: clockFormat) }
    }

    /// Waits for every save started so far (for tests and for quitting).
    public func settle() async {
        for pause in typing.values { await pause.wait() }
        await saves.wait()
    }

    // MARK: - Test connection

    /// One real request to `service` with the settings in force; the outcome in plain words.
    public func testConnection(_ service: ServiceID) {
        tests[service] = .testing
        let settings = settings
        let request = connectionTests[service] ?? LatestRequest()
        connectionTests[service] = request
        request.start { [tester] () async throws(APIError) in try await tester(service, settings) } deliver: { [weak self] outcome in
            switch outcome {
            case .success(let answer):
                self?.tests[service] = .passed(answer)
            case .failure(.cancelled):
                self?.tests[service] = nil
            case .failure(let error):
                let failure = UserFacingError(error, service: settings.registry.service(service)?.serviceName ?? tr("the service"))
                // Testing the connection is asking for the diagnosis: the technical part is said too.
                self?.tests[service] = .failed(tr("%1$@. %2$@").filled(failure.title, failure.details ?? failure.message))
            }
        }
    }

    /// Whether "Test connection" is offered for `service`: only when it is live (the built-in
    /// demo is always there).
    public func offersConnectionTest(_ service: ServiceID) -> Bool {
        settings.registry.service(service).map(settings.isLive) ?? false
    }

    public func cancelTest(_ service: ServiceID) {
        connectionTests[service]?.cancel()
        tests[service] = nil
    }

    // MARK: - Storage

    /// Measures the cache (when the tab is shown).
    public func measureCache() {
        Task { [weak self, cache] in
            let bytes = await cache.size()
            self?.cacheBytes = bytes
        }
    }

    /// "Clear Cache (12.4 MB)", or without the size while it is measured.
    public var clearCacheLabel: String {
        guard let cacheBytes else { return tr("Clear Cache") }
        // TRANSLATORS: %1$@ is a size: "12.4 MB".
        return tr("Clear Cache (%1$@)").filled(ByteCountFormatter.string(fromByteCount: cacheBytes, countStyle: .file))
    }

    public func clearCache() {
        isClearingCache = true
        Task { [weak self, cache] in
            var failure: String?
            do throws(StoreError) {
                try await cache.clear()
            } catch {
                failure = error.sentence
            }
            let bytes = await cache.size()
            guard let self else { return }
            self.isClearingCache = false
            self.cacheBytes = bytes
            if let failure { self.notice = failure }
        }
    }

    public func dismissNotice() {
        notice = nil
    }
}

import Foundation

/// Where a setting's value in force comes from.
public enum SettingOrigin: String, Sendable {
    case `default`, saved, environment
}

/// The settings in force: the saved ones over the defaults, and the `TRIPBOARD_*` variables over
/// both. Typed views of them (which service, which search, how often) are computed here, once,
/// for the window and the command line alike.
public struct Settings: Sendable, Equatable {
    /// What the person saved, by key; a missing key means the default.
    public var saved: [SettingKey: String]
    public var environment: [String: String]
    /// The services whose settings these are.
    public var registry: ServiceRegistry
    /// The language the interface speaks in this run ("fr", "fr_CA", "en"), for what follows it.
    public var interfaceLanguage: String

    public init(saved: [SettingKey: String] = [:], environment: [String: String] = [:], registry: ServiceRegistry = .standard,
                interfaceLanguage: String = "en") {
        self.saved = saved
        self.environment = environment
        self.registry = registry
        self.interfaceLanguage = interfaceLanguage
    }

    /// Every setting, in the order `tripboard settings` and the Settings tab list them.
    public var keys: [SettingKey] { registry.settingKeys }

    /// The variable in force for `key`, if one is set (and not empty). A service's address set by
    /// its variable makes the service live.
    public func environmentValue(_ key: SettingKey) -> String? {
        if let service = registry.service(owning: key), key == service.sourceKey {
            return environmentValue(service.urlKey) == nil ? nil : DataSource.live.rawValue
        }
        guard let name = key.environmentVariable, let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    /// The variable that decides `key` while it is set: its own, or for a service's source, the
    /// service's address variable (which makes it live).
    public func variableInForce(_ key: SettingKey) -> String? {
        if let service = registry.service(owning: key), key == service.sourceKey { return service.urlKey.environmentVariable }
        return key.environmentVariable
    }

    public func value(_ key: SettingKey) -> String {
        environmentValue(key) ?? saved[key] ?? defaultValue(key)
    }

    public func origin(_ key: SettingKey) -> SettingOrigin {
        environmentValue(key) != nil ? .environment : saved[key] != nil ? .saved : .default
    }

    /// The value to show: credentials masked ("••••1234"), everything else as it is.
    public func shown(_ key: SettingKey) -> String {
        key.isCredential ? Self.mask(value(key)) : value(key)
    }

    public static func mask(_ secret: String) -> String {
        secret.isEmpty ? "" : String(repeating: "•", count: 8) + (secret.count > 12 ? String(secret.suffix(4)) : "")
    }

    // MARK: - Checking a change

    /// `text` as `key` would keep it (trimmed, upper-cased, a city's geohash), or why it cannot be:
    /// a value out of range, a bad address, or a change that would leave a live service without
    /// what it needs. Empty text puts the default back.
    public func check(_ key: SettingKey, _ text: String) -> Result<String, SettingProblem> {
        let value: String
        switch Self.checkValue(key, text) {
        case .failure(let problem): return .failure(problem)
        case .success(let checked): value = checked
        }
        var after = self
        after.saved[key] = value.isEmpty ? nil : value
        if let service = registry.service(owning: key), let missing = after.missing(for: service) {
            return .failure(SettingProblem(key: key, reason: .neededWhenLive(service: service.title, missing: missing)))
        }
        // The cities and travellers together: two different cities, 1 to 20 people (the day plays no part).
        if [.searchOrigin, .searchDestination, .searchAdults, .searchChildren, .searchSeniors].contains(key),
           let problem = after.searchDefaults(today: LocalDate(year: 1970, month: 1, day: 1)).problem {
            return .failure(SettingProblem(key: key, reason: .search(problem)))
        }
        return .success(value)
    }

    /// `text` as `key` would keep it, judged on its own (trimmed, upper-cased, a city's geohash),
    /// or why no value of `key` can be that: the one rule for each input, which the command
    /// line's options (`departures --origin`, `--currency`, `--adults` …) apply as well. Unlike
    /// `check`, it does not weigh the other settings (a live service's needs, two different
    /// cities). Empty text is "" (the default).
    public static func checkValue(_ key: SettingKey, _ text: String) -> Result<String, SettingProblem> {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = problem(key, value) { return .failure(SettingProblem(key: key, reason: problem)) }
        return .success(value.isEmpty ? "" : normalised(key, value))
    }

    /// The service whose client a change of `key` replaces: any change of its source, and of its
    /// address or credentials while it is live; nil when no client changes.
    public func serviceChanged(by key: SettingKey) -> ServiceID? {
        guard let service = registry.service(owning: key) else { return nil }
        return key == service.sourceKey || isLive(service) ? service.id : nil
    }

    /// Whether `service` is set to live.
    public func isLive(_ service: any ServiceProvider) -> Bool {
        value(service.sourceKey) == DataSource.live.rawValue
    }

    /// The first setting a live `service` lacks; nil when it is not live or has all it needs.
    public func missing(for service: any ServiceProvider) -> SettingKey? {
        guard isLive(service) else { return nil }
        return service.requiredWhenLive.first { value($0).isEmpty }
    }

    /// Why `value` (trimmed text) cannot be kept for `key` on its own, whatever the other settings
    /// say; nil when it can (empty is the default). The one rule for that input, wherever it is typed.
    public static func problem(_ key: SettingKey, _ value: String) -> SettingProblem.Reason? {
        guard !value.isEmpty else { return nil }
        switch key.rule {
        case .source:
            return DataSource(rawValue: value) != nil ? nil : .notOneOf(DataSource.allCases.map(\.rawValue))
        case .webAddress:
            return isWebAddress(value) ? nil : .notAWebAddress(value)
        case .pictureTemplate:
            let sample = value.replacingOccurrences(of: "{type}", with: "1").replacingOccurrences(of: "{id}", with: "1")
                .replacingOccurrences(of: "{width}", with: "1").replacingOccurrences(of: "{height}", with: "1")
            if !isWebAddress(sample) { return .notAWebAddress(value) }
            return value.contains("{id}") ? nil : .pictureWithoutID
        case .tileTemplate:
            let sample = ["{x}", "{y}", "{z}", "{tmsy}"].reduce(value) { $0.replacingOccurrences(of: $1, with: "1") }
            if !isWebAddress(sample) { return .notAWebAddress(value) }
            let placed = value.contains("{x}") && value.contains("{z}") && (value.contains("{y}") || value.contains("{tmsy}"))
            return placed ? nil : .tileWithoutPlaces
        case .credential:
            return value.contains(where: \.isWhitespace) ? .credentialWithSpaces : nil
        case .city:
            return city(value) != nil ? nil : .unknownCity(choices: KnownCities.all.map(\.name))
        case .oneOf(let values, _):
            return oneOf(values, value) != nil ? nil : .notOneOf(values)
        case .number(let range):
            guard let number = Int(value), range.contains(number) else { return .outOfRange(range) }
            return nil
        }
    }

    private static func normalised(_ key: SettingKey, _ value: String) -> String {
        switch key.rule {
        case .city: city(value)?.geohash ?? value
        case .oneOf(let values, _): oneOf(values, value) ?? value
        case .number: String(Int(value) ?? 0)
        case .source, .webAddress, .pictureTemplate, .tileTemplate, .credential: value
        }
    }

    /// The one of `values` that `text` is, case aside.
    private static func oneOf(_ values: [String], _ text: String) -> String? {
        values.first { $0.caseInsensitiveCompare(text) == .orderedSame }
    }

    /// A known city by geohash or by name (accents and case aside).
    public static func city(_ text: String) -> City? {
        func folded(_ text: String) -> String { text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        return KnownCities.all.first { $0.geohash == text || folded($0.name) == folded(text) }
    }

    static func isWebAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else { return false }
        return true
    }

    // MARK: - What the settings mean

    /// The search the form starts from: the saved cities, travellers, currency and language, on `today`.
    public func searchDefaults(today: LocalDate) -> DepartureQuery {
        DepartureQuery(origin: value(.searchOrigin), destination: value(.searchDestination), date: today,
                       adults: Int(value(.searchAdults)) ?? 1, children: Int(value(.searchChildren)) ?? 0,
                       seniors: Int(value(.searchSeniors)) ?? 0, currency: value(.searchCurrency),
                       language: value(.searchLanguage))
    }

    public var refreshInterval: Duration {
        .seconds(Int(value(.refreshSeconds)) ?? Int(SettingKey.refreshSeconds.defaultValue)!)
    }

    /// How long one try of a request may take before it is given up.
    public var timeLimit: Duration {
        .seconds(Int(value(.timeLimitSeconds)) ?? Int(SettingKey.timeLimitSeconds.defaultValue)!)
    }

    public var clock: ClockSetting { ClockSetting(rawValue: value(.clock)) ?? .system }

    public var appearance: Appearance { Appearance(rawValue: value(.appearance)) ?? .system }
}

/// Why a setting was not saved, to show beside its field (the wording layer says it).
public struct SettingProblem: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// Not one of these values (a source, a choice).
        case notOneOf([String])
        /// Not an http or https address.
        case notAWebAddress(String)
        /// A picture address template without `{id}`.
        case pictureWithoutID
        /// A map tile address without `{x}`, `{y}` (or `{tmsy}`) and `{z}`.
        case tileWithoutPlaces
        /// A key or token with spaces in it.
        case credentialWithSpaces
        /// Not one of the known cities, named here.
        case unknownCity(choices: [String])
        /// Not a whole number in this range.
        case outOfRange(ClosedRange<Int>)
        /// The service (by its `title`) would be live without `missing`, which it needs.
        case neededWhenLive(service: String, missing: SettingKey)
        /// The Search defaults together could not make a search.
        case search(DepartureQuery.Problem)
    }

    public var key: SettingKey
    public var reason: Reason

    public init(key: SettingKey, reason: Reason) {
        self.key = key
        self.reason = reason
    }
}

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

    public init(saved: [SettingKey: String] = [:], environment: [String: String] = [:]) {
        self.saved = saved
        self.environment = environment
    }

    /// The variable in force for `key`, if one is set (and not empty).
    public func environmentValue(_ key: SettingKey) -> String? {
        if key.service.map({ $0.sourceKey == key }) == true {
            return environmentValue(key.service!.urlKey) == nil ? nil : DataSource.live.rawValue
        }
        guard let name = key.environmentVariable, let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    public func value(_ key: SettingKey) -> String {
        environmentValue(key) ?? saved[key] ?? key.defaultValue
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
        if let service = key.service, let problem = after.missing(for: service) {
            return .failure(SettingProblem(key: key, message: problem))
        }
        // The cities and travellers together: two different cities, 1 to 20 people (the day plays no part).
        if [.searchOrigin, .searchDestination, .searchAdults, .searchChildren, .searchSeniors].contains(key),
           let problem = after.searchDefaults(today: LocalDate(year: 1970, month: 1, day: 1)).problem {
            return .failure(SettingProblem(key: key, message: problem))
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
        if let problem = problem(key, value) { return .failure(SettingProblem(key: key, message: problem)) }
        return .success(value.isEmpty ? "" : normalised(key, value))
    }

    /// The service whose client a change of `key` replaces: any change of its source, and of its
    /// address or credentials while it is live; nil when no client changes.
    public func serviceChanged(by key: SettingKey) -> ServiceKind? {
        guard let service = key.service else { return nil }
        return key == service.sourceKey || value(service.sourceKey) == DataSource.live.rawValue ? service : nil
    }

    /// What a live `service` lacks, in words; nil when it is not live or has all it needs.
    public func missing(for service: ServiceKind) -> String? {
        guard value(service.sourceKey) == DataSource.live.rawValue else { return nil }
        switch service {
        case .deals:
            if value(.dealsURL).isEmpty { return "Live deals need the address of the deals service." }
            if value(.dealsImageURL).isEmpty { return "Live deals need the picture address template." }
        case .busbud:
            if value(.busbudToken).isEmpty { return "Live coach search needs a Busbud token." }
        case .tfl, .trams:
            break
        }
        return nil
    }

    /// Why `value` (trimmed text) cannot be kept for `key` on its own, whatever the other settings
    /// say; nil when it can (empty is the default). The one rule for that input, wherever it is typed.
    public static func problem(_ key: SettingKey, _ value: String) -> String? {
        switch key {
        case .dealsSource, .busbudSource, .tflSource, .tramsSource:
            return value.isEmpty || DataSource(rawValue: value) != nil ? nil : "Choose demo or live."
        case .dealsURL, .busbudURL, .tflURL, .tramsURL:
            return value.isEmpty || isWebAddress(value) ? nil : "“\(value)” is not an http or https address."
        case .dealsImageURL:
            if value.isEmpty { return nil }
            let sample = value.replacingOccurrences(of: "{type}", with: "1").replacingOccurrences(of: "{id}", with: "1")
                .replacingOccurrences(of: "{width}", with: "1").replacingOccurrences(of: "{height}", with: "1")
            if !isWebAddress(sample) { return "“\(value)” is not an http or https address." }
            return value.contains("{id}") ? nil : "The picture address needs {id} where the destination goes."
        case .busbudToken, .tflAppKey:
            return value.contains(where: \.isWhitespace) ? "A key has no spaces in it." : nil
        case .searchOrigin, .searchDestination:
            return value.isEmpty || city(value) != nil ? nil
                : "Choose one of " + KnownCities.all.map(\.name).joined(separator: ", ") + "."
        case .searchCurrency:
            return value.isEmpty || DepartureQuery.currencies.contains(value.uppercased()) ? nil
                : "Choose one of " + DepartureQuery.currencies.joined(separator: ", ") + "."
        case .searchLanguage:
            return value.isEmpty || DepartureQuery.languages.contains(where: { $0.code == value.lowercased() }) ? nil
                : "Choose one of " + DepartureQuery.languages.map(\.code).joined(separator: ", ") + "."
        case .searchAdults, .searchChildren, .searchSeniors:
            guard !value.isEmpty else { return nil }
            guard let number = Int(value), SettingKey.travellerRange.contains(number) else { return "Choose 0 to 20 travellers." }
            return nil
        case .refreshSeconds:
            guard !value.isEmpty else { return nil }
            guard let seconds = Int(value), SettingKey.refreshRange.contains(seconds) else {
                return "Refresh every 10 to 600 seconds (10 s to 10 min)."
            }
            return nil
        case .timeLimitSeconds:
            guard !value.isEmpty else { return nil }
            guard let seconds = Int(value), SettingKey.timeLimitRange.contains(seconds) else {
                return "Wait 5 to 120 seconds for an answer."
            }
            return nil
        case .clock:
            return value.isEmpty || ClockSetting(rawValue: value) != nil ? nil : "Choose system, 12 or 24."
        case .appearance:
            return value.isEmpty || Appearance(rawValue: value) != nil ? nil : "Choose system, light or dark."
        }
    }

    private static func normalised(_ key: SettingKey, _ value: String) -> String {
        switch key {
        case .searchOrigin, .searchDestination: city(value)?.geohash ?? value
        case .searchCurrency: value.uppercased()
        case .searchLanguage: value.lowercased()
        case .searchAdults, .searchChildren, .searchSeniors, .refreshSeconds, .timeLimitSeconds: String(Int(value) ?? 0)
        default: value
        }
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

    /// Live deals need an address; the picture template is required when saved in Settings but
    /// may be left out when the environment picks the endpoint (deals then show without pictures).
    public var dealsSource: DealsSource {
        guard value(.dealsSource) == DataSource.live.rawValue, !value(.dealsURL).isEmpty,
              let endpoint = URL(string: value(.dealsURL)) else { return .demo }
        let template = value(.dealsImageURL)
        return .live(endpoint: endpoint, imageTemplate: template.isEmpty ? nil : ImageURLTemplate(template))
    }

    public var busbudSource: BusbudSource {
        guard value(.busbudSource) == DataSource.live.rawValue, let url = URL(string: value(.busbudURL)) else { return .demo }
        return .live(baseURL: url, token: value(.busbudToken).isEmpty ? nil : value(.busbudToken))
    }

    public var tflSource: TfLSource {
        guard value(.tflSource) == DataSource.live.rawValue, let url = URL(string: value(.tflURL)) else { return .demo }
        return .live(baseURL: url, appKey: value(.tflAppKey).isEmpty ? nil : value(.tflAppKey))
    }

    /// TramTracker's address when live; nil for the demo.
    public var tramTrackerURL: URL? {
        value(.tramsSource) == DataSource.live.rawValue ? URL(string: value(.tramsURL)) : nil
    }

    /// The search the form starts from: the saved cities, travellers, currency and language, on `today`.
    public func searchDefaults(today: LocalDate) -> DepartureQuery {
        DepartureQuery(origin: value(.searchOrigin), destination: value(.searchDestination), date: today,
                       adults: Int(value(.searchAdults)) ?? 1, children: Int(value(.searchChildren)) ?? 0,
                       seniors: Int(value(.searchSeniors)) ?? 0, currency: value(.searchCurrency),
                       language: value(.searchLanguage))
    }

    public var refreshInterval: Duration {
        .seconds(Int(value(.refreshSeconds)) ?? 30)
    }

    /// How long one try of a request may take before it is given up.
    public var timeLimit: Duration {
        .seconds(Int(value(.timeLimitSeconds)) ?? 15)
    }

    public var clock: ClockSetting { ClockSetting(rawValue: value(.clock)) ?? .system }

    public var appearance: Appearance { Appearance(rawValue: value(.appearance)) ?? .system }
}

/// Why a setting was not saved, to show beside its field.
public struct SettingProblem: Error, Sendable, Equatable {
    public var key: SettingKey
    public var message: String

    public init(key: SettingKey, message: String) {
        self.key = key
        self.message = message
    }
}

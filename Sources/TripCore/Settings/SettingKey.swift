import Foundation

/// One setting Tripboard keeps, described whole: its name (as `tripboard settings set` takes it),
/// its caption, its default, the variable that overrides it, whether it is a secret, and the rule
/// its value follows. The Settings tab, the checks and the command line all read it from here.
/// A service declares its own settings in its folder; the app's own are `SettingKey.general`.
/// Two keys are the same setting when their names are.
public struct SettingKey: Hashable, Sendable, CustomStringConvertible {
    /// "tfl.app_key"
    public let rawValue: String
    /// The label beside its control: "TfL app key".
    public let caption: String
    /// The value in force when nothing is saved and no variable says otherwise ("" for none).
    public let defaultValue: String
    /// The variable that overrides this setting for scripts and tests, if any.
    public let environmentVariable: String?
    /// A secret: kept in the owner-only credentials file, never printed, shown masked.
    public let isCredential: Bool
    public let rule: SettingRule
    /// What an empty text field shows: "Optional", "https://…/deals/search".
    public let placeholder: String

    public init(_ rawValue: String, caption: String, defaultValue: String = "", environmentVariable: String? = nil,
                isCredential: Bool = false, rule: SettingRule, placeholder: String = "") {
        self.rawValue = rawValue
        self.caption = caption
        self.defaultValue = defaultValue
        self.environmentVariable = environmentVariable
        self.isCredential = isCredential
        self.rule = rule
        self.placeholder = placeholder
    }

    /// A service's "Demo or live" setting.
    public static func source(_ service: ServiceID) -> SettingKey {
        SettingKey("\(service.rawValue).source", caption: N_("Source"), defaultValue: DataSource.demo.rawValue, rule: .source)
    }

    /// A service's address: its base URL (or whole endpoint), overridden by `variable`.
    public static func address(_ service: ServiceID, default url: URL, variable: String) -> SettingKey {
        SettingKey("\(service.rawValue).url", caption: N_("Service address"), defaultValue: url.absoluteString,
                   environmentVariable: variable, rule: .webAddress, placeholder: url.absoluteString)
    }

    public var description: String { rawValue }

    public static func == (lhs: SettingKey, rhs: SettingKey) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The numbers it takes, for a number setting.
    public var range: ClosedRange<Int>? {
        if case .number(let range) = rule { return range }
        return nil
    }
}

/// What a setting's value may be.
public enum SettingRule: Sendable {
    /// "demo" or "live".
    case source
    /// An http or https address.
    case webAddress
    /// An http or https address with `{id}` (and optionally `{type}`, `{width}`, `{height}`) in it.
    case pictureTemplate
    /// An http or https address of map tiles, with `{x}`, `{y}` (or `{tmsy}`) and `{z}` in it.
    case tileTemplate
    /// A key or token: no spaces.
    case credential
    /// One of the known cities, by name or geohash; kept as its geohash.
    case city
    /// One of `values` (case aside), kept upper- or lower-cased as they are written.
    case oneOf(values: [String], titles: [String])
    /// A whole number in `range`.
    case number(ClosedRange<Int>)
}

extension SettingKey {
    public static let searchOrigin = SettingKey("search.origin", caption: N_("From"), defaultValue: "dr5reg", rule: .city)
    public static let searchDestination = SettingKey("search.destination", caption: N_("To"), defaultValue: "f25dvk", rule: .city)
    public static let searchCurrency = SettingKey("search.currency", caption: N_("Currency"), defaultValue: "USD",
                                                  rule: .oneOf(values: DepartureQuery.currencies, titles: DepartureQuery.currencies))
    public static let searchLanguage = SettingKey("search.language", caption: N_("Language"), defaultValue: "en",
                                                  rule: .oneOf(values: DepartureQuery.languages.map(\.code),
                                                               titles: DepartureQuery.languages.map(\.name)))
    public static let searchAdults = traveller("search.adults", N_("Adults"), defaultValue: 1)
    public static let searchChildren = traveller("search.children", N_("Children"), defaultValue: 0)
    public static let searchSeniors = traveller("search.seniors", N_("Seniors"), defaultValue: 0)
    public static let refreshSeconds = SettingKey("favourites.refresh_seconds", caption: N_("Refresh every (seconds)"), defaultValue: "30",
                                                  rule: .number(10...600))
    public static let timeLimitSeconds = SettingKey("network.time_limit_seconds", caption: N_("Wait for an answer (seconds)"),
                                                    defaultValue: "15",
                                                    rule: .number(5...120))
    public static let clock = SettingKey("clock", caption: N_("Clock"), defaultValue: ClockSetting.system.rawValue,
                                         rule: .oneOf(values: ClockSetting.allCases.map(\.rawValue), titles: ClockSetting.allCases.map(\.title)))
    public static let appearance = SettingKey("appearance", caption: N_("Appearance"), defaultValue: Appearance.system.rawValue,
                                              rule: .oneOf(values: Appearance.allCases.map(\.rawValue), titles: Appearance.allCases.map(\.title)))

    /// The app's own settings, which belong to no service, in the order the Settings tab shows them.
    public static let general: [SettingKey] = [searchOrigin, searchDestination, searchCurrency, searchLanguage, searchAdults,
                                               searchChildren, searchSeniors, refreshSeconds, timeLimitSeconds, mapTiles, mapTileURL,
                                               language, clock, appearance, alertMinutes, alertNotify]

    /// How many of each kind of traveller a search may have, and in all: the range of the
    /// travellers' specs, where it is defined.
    public static var travellerRange: ClosedRange<Int> { searchAdults.range! }
    /// How long one try of a request may take, in seconds.
    public static var timeLimitRange: ClosedRange<Int> { timeLimitSeconds.range! }

    private static func traveller(_ name: String, _ caption: String, defaultValue: Int) -> SettingKey {
        SettingKey(name, caption: caption, defaultValue: String(defaultValue), rule: .number(0...20))
    }
}

public enum DataSource: String, CaseIterable, Sendable {
    case demo, live

    /// "Built-in demo" or "Live"
    public var title: String { self == .demo ? N_("Built-in demo") : N_("Live") }
}

/// How clock times read: as the desktop says (else each place's own habit), or always 12- or 24-hour.
public enum ClockSetting: String, CaseIterable, Sendable {
    case system
    case twelveHour = "12"
    case twentyFourHour = "24"

    public var title: String {
        switch self {
        case .system: N_("Follow the system")
        case .twelveHour: N_("12-hour (9:23 am)")
        case .twentyFourHour: N_("24-hour (21:23)")
        }
    }

    /// The format in force: the desktop's `clock-format` ("12h" or "24h") when following the system
    /// and it says; nil leaves each place to its own habit (London 24-hour, Melbourne 12-hour).
    public func format(system: String?) -> ClockFormat? {
        switch self {
        case .twelveHour: .twelveHour
        case .twentyFourHour: .twentyFourHour
        case .system: system == "12h" ? .twelveHour : system == "24h" ? .twentyFourHour : nil
        }
    }
}

public enum ClockFormat: Sendable, Equatable {
    case twelveHour, twentyFourHour
}

public enum Appearance: String, CaseIterable, Sendable {
    case system, light, dark

    public var title: String {
        switch self {
        case .system: N_("Follow the system")
        case .light: N_("Light")
        case .dark: N_("Dark")
        }
    }
}

import Foundation

/// Every setting Tripboard keeps, by the name `tripboard settings set` takes.
public enum SettingKey: String, CaseIterable, Sendable, Hashable {
    case dealsSource = "deals.source"
    case dealsURL = "deals.url"
    case dealsImageURL = "deals.image_url"
    case busbudSource = "busbud.source"
    case busbudURL = "busbud.url"
    case busbudToken = "busbud.token"
    case tflSource = "tfl.source"
    case tflURL = "tfl.url"
    case tflAppKey = "tfl.app_key"
    case tramsSource = "trams.source"
    case tramsURL = "trams.url"
    case searchOrigin = "search.origin"
    case searchDestination = "search.destination"
    case searchCurrency = "search.currency"
    case searchLanguage = "search.language"
    case searchAdults = "search.adults"
    case searchChildren = "search.children"
    case searchSeniors = "search.seniors"
    case refreshSeconds = "favourites.refresh_seconds"
    case timeLimitSeconds = "network.time_limit_seconds"
    case clock = "clock"
    case appearance = "appearance"

    /// A secret: kept in the owner-only credentials file, never printed, shown masked.
    public var isCredential: Bool { self == .busbudToken || self == .tflAppKey }

    /// The value in force when nothing is saved and no variable says otherwise ("" for none).
    public var defaultValue: String {
        switch self {
        case .dealsSource, .busbudSource, .tflSource, .tramsSource: DataSource.demo.rawValue
        case .dealsURL, .dealsImageURL, .busbudToken, .tflAppKey: ""
        case .busbudURL: BusbudSource.liveBaseURL.absoluteString
        case .tflURL: TfLClient.liveBaseURL.absoluteString
        case .tramsURL: TramTrackerClient.liveBaseURL.absoluteString
        case .searchOrigin: "dr5reg"
        case .searchDestination: "f25dvk"
        case .searchCurrency: "USD"
        case .searchLanguage: "en"
        case .searchAdults: "1"
        case .searchChildren, .searchSeniors: "0"
        case .refreshSeconds: "30"
        case .timeLimitSeconds: "15"
        case .clock: ClockSetting.system.rawValue
        case .appearance: Appearance.system.rawValue
        }
    }

    /// What is kept for a checked value: nothing for empty text or the default itself, so the
    /// setting follows the default.
    public func stored(_ checked: String) -> String? {
        checked.isEmpty || checked == defaultValue ? nil : checked
    }

    /// The variable that overrides this setting for scripts and tests, if any.
    public var environmentVariable: String? {
        switch self {
        case .dealsURL: "TRIPBOARD_DEALS_URL"
        case .dealsImageURL: "TRIPBOARD_DEALS_IMAGE_URL"
        case .busbudURL: "TRIPBOARD_BUSBUD_URL"
        case .busbudToken: "TRIPBOARD_BUSBUD_TOKEN"
        case .tflURL: "TRIPBOARD_TFL_URL"
        case .tflAppKey: "TRIPBOARD_TFL_APP_KEY"
        case .tramsURL: "TRIPBOARD_TRAMTRACKER_URL"
        default: nil
        }
    }

    /// The service a data-source, address or credential setting belongs to.
    public var service: ServiceKind? {
        switch self {
        case .dealsSource, .dealsURL, .dealsImageURL: .deals
        case .busbudSource, .busbudURL, .busbudToken: .busbud
        case .tflSource, .tflURL, .tflAppKey: .tfl
        case .tramsSource, .tramsURL: .trams
        default: nil
        }
    }

    /// "a number of seconds from 10 to 600", for messages about a bad value.
    public static let refreshRange = 10...600
    public static let travellerRange = 0...20
    /// How long one try of a request may take, in seconds.
    public static let timeLimitRange = 5...120
}

/// The four services Tripboard talks to.
public enum ServiceKind: String, CaseIterable, Sendable {
    case deals, busbud, tfl, trams

    /// "Deals", "Coach search", "London buses", "Melbourne trams"
    public var title: String {
        switch self {
        case .deals: "Deals"
        case .busbud: "Coach search"
        case .tfl: "London buses"
        case .trams: "Melbourne trams"
        }
    }

    /// The service as a sentence names it: "the deals service", "the Melbourne tram service".
    public var serviceName: String {
        switch self {
        case .deals: "the deals service"
        case .busbud: "the coach search service"
        case .tfl: "the \(StopProvider.tfl.modeName) service"
        case .trams: "the \(StopProvider.tramTracker.modeName) service"
        }
    }

    public var sourceKey: SettingKey {
        switch self {
        case .deals: .dealsSource
        case .busbud: .busbudSource
        case .tfl: .tflSource
        case .trams: .tramsSource
        }
    }

    /// The setting holding its address (the full endpoint for deals, a base URL otherwise).
    public var urlKey: SettingKey {
        switch self {
        case .deals: .dealsURL
        case .busbud: .busbudURL
        case .tfl: .tflURL
        case .trams: .tramsURL
        }
    }
}

public enum DataSource: String, CaseIterable, Sendable {
    case demo, live

    /// "Built-in demo" or "Live"
    public var title: String { self == .demo ? "Built-in demo" : "Live" }
}

/// How clock times read: as the desktop says (else each place's own habit), or always 12- or 24-hour.
public enum ClockSetting: String, CaseIterable, Sendable {
    case system
    case twelveHour = "12"
    case twentyFourHour = "24"

    public var title: String {
        switch self {
        case .system: "Follow the system"
        case .twelveHour: "12-hour (9:23 am)"
        case .twentyFourHour: "24-hour (21:23)"
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
        case .system: "Follow the system"
        case .light: "Light"
        case .dark: "Dark"
        }
    }
}

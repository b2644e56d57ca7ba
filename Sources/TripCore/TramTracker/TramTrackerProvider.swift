import Foundation

/// Yarra Trams' TramTracker: Melbourne trams. Live over plain http (it offers nothing else); stops
/// are known by number, and its signs show clock times, 12-hour, with "Now" for a tram at the stop.
public struct TramTrackerProvider: TransitProvider {
    public init() {}

    public let id = ServiceID.tramTracker
    public let title = N_("Melbourne trams")
    public let credit: ServiceCredit? = ServiceCredit(name: "Yarra Trams / TramTracker", website: "https://yarratrams.com.au/tramtracker")
    public let sourceKey = SettingKey.tramsSource
    public let urlKey = SettingKey.tramsURL
    public let settings = [SettingKey.tramsURL]
    public let plainHTTPOnlyAt: String? = "TramTracker"

    public let modeName = N_("Melbourne tram")
    public let vehicleName = N_("tram")
    public let vehiclesName = N_("trams")
    public static let timeZone = TimeZone(identifier: "Australia/Melbourne")!
    public var timeZone: TimeZone { Self.timeZone }
    public let clockHabit = ClockFormat.twelveHour
    public let dueWord = N_("Now")
    public let showsClockTime = true
    public let badgeStyle: String? = "tram-badge"
    public let namesStopsByNumber = true
    public var defaultPlace: KnownPlace? { KnownPlaces.melbourne[0] }
    public var baseMap: BaseMap? { .melbourne }

    public func stopService(_ context: ServiceContext) -> any TransitClient {
        client(context)
    }

    public func client(_ context: ServiceContext) -> TramTrackerClient {
        TramTrackerClient(transport: context.transport,
                          baseURL: context.baseURL(self, livePath: TramTrackerClient.liveBaseURL.path),
                          keeper: context.keeper)
    }

    public func probe(_ context: ServiceContext) async throws(APIError) -> ProbeOutcome {
        _ = try await client(context).freshToken()
        return ProbeOutcome(answerer: "TramTracker", found: .deviceToken)
    }
}

extension ServiceID {
    /// Stored as "tramTracker" with each favourite tram stop; its settings are `trams.*`.
    public static let tramTracker = ServiceID("tramTracker")
}

extension SettingKey {
    public static let tramsSource = SettingKey("trams.source", caption: N_("Source"), defaultValue: DataSource.demo.rawValue, rule: .source)
    public static let tramsURL = SettingKey("trams.url", caption: N_("Service address"), defaultValue: TramTrackerClient.liveBaseURL.absoluteString,
                                            environmentVariable: "TRIPBOARD_TRAMTRACKER_URL", rule: .webAddress,
                                            placeholder: TramTrackerClient.liveBaseURL.absoluteString)
}

import Foundation

/// Transport for London's Unified API: London buses, their stops and live arrivals.
public struct TfLProvider: TransitProvider {
    public init() {}

    public let id = ServiceID.tfl
    public let title = N_("London buses")
    public let sourceKey = SettingKey.tflSource
    public let urlKey = SettingKey.tflURL
    public let settings = [SettingKey.tflAppKey, .tflURL]

    public let modeName = N_("London bus")
    public let vehicleName = N_("bus")
    public let vehiclesName = N_("buses")
    public let timeZone = TimeZone(identifier: "Europe/London")!
    public let clockHabit = ClockFormat.twentyFourHour
    public let dueWord = N_("Due")
    public let followsVehicles = true
    public var defaultPlace: KnownPlace? { KnownPlaces.london[0] }
    public var baseMap: BaseMap? { .london }
    /// TfL's transport data terms: the words "Powered by TfL Open Data", and the Ordnance Survey
    /// and Geomni notices for the stop locations.
    public let credit: ServiceCredit? = ServiceCredit(
        name: "Powered by TfL Open Data", website: "https://tfl.gov.uk/info-for/open-data-users/",
        notice: "Powered by TfL Open Data. Contains OS data © Crown copyright and database rights 2016 "
            + "and Geomni UK Map data © and database rights [2019].")

    public func stopService(_ context: ServiceContext) -> any TransitClient {
        client(context)
    }

    public func client(_ context: ServiceContext) -> TfLClient {
        TfLClient(transport: context.transport, baseURL: context.baseURL(self),
                  appKey: context.isLive(self) ? context.value(.tflAppKey) : nil)
    }

    public func probe(_ context: ServiceContext) async throws(APIError) -> ProbeOutcome {
        let place = KnownPlaces.london[0]
        let found = try await client(context).stops(near: place.coordinate, radius: 200)
        return ProbeOutcome(answerer: "TfL", found: .items(count: found.count, of: .stop), near: place.name)
    }
}

extension ServiceID {
    public static let tfl = ServiceID("tfl")
}

extension SettingKey {
    public static let tflSource = SettingKey.source(.tfl)
    public static let tflURL = SettingKey.address(.tfl, default: TfLClient.liveBaseURL, variable: "TRIPBOARD_TFL_URL")
    public static let tflAppKey = SettingKey("tfl.app_key", caption: N_("TfL app key"), environmentVariable: "TRIPBOARD_TFL_APP_KEY",
                                             isCredential: true, rule: .credential, placeholder: N_("Optional"))
}

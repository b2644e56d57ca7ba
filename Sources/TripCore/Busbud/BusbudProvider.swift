import Foundation

/// Busbud's coach search: live at napi.busbud.com with a token; the demo answers at the same paths.
public struct BusbudProvider: ServiceProvider {
    public static let liveBaseURL = URL(string: "https://napi.busbud.com")!

    public init() {}

    public let id = ServiceID.busbud
    public let title = N_("Coach search")
    public let credit: ServiceCredit? = ServiceCredit(name: "Busbud", website: "https://www.busbud.com")
    public let ownServiceName: String? = N_("the coach search service")
    public let sourceKey = SettingKey.busbudSource
    public let urlKey = SettingKey.busbudURL
    public let settings = [SettingKey.busbudToken, .busbudURL]
    public let requiredWhenLive = [SettingKey.busbudToken]

    public func client(_ context: ServiceContext) -> BusbudClient {
        BusbudClient(transport: context.transport, baseURL: context.baseURL(self),
                     token: context.isLive(self) ? context.value(.busbudToken) : nil)
    }

    public func probe(_ context: ServiceContext) async throws(APIError) -> ProbeOutcome {
        let today = LocalDate(context.now, in: .current)
        let page = try await client(context).search(context.settings.searchDefaults(today: today))
        return ProbeOutcome(found: .items(count: page.departures.count, of: .departure), firstPageOnly: true)
    }
}

extension ServiceID {
    public static let busbud = ServiceID("busbud")
}

extension SettingKey {
    public static let busbudSource = SettingKey.source(.busbud)
    public static let busbudURL = SettingKey.address(.busbud, default: BusbudProvider.liveBaseURL, variable: "TRIPBOARD_BUSBUD_URL")
    public static let busbudToken = SettingKey("busbud.token", caption: N_("Busbud token"), environmentVariable: "TRIPBOARD_BUSBUD_TOKEN",
                                               isCredential: true, rule: .credential, placeholder: N_("Needed for live search"))
}

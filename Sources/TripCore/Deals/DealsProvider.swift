import Foundation

/// The holiday-deals service: a search endpoint and a picture address template, both the
/// person's own when live (there is no public default); the demo answers at `demoPath`.
public struct DealsProvider: ServiceProvider {
    /// Where the built-in demo answers deals searches, and serves their pictures.
    public static let demoPath = "/deals/search"
    public static let demoImagesPath = "/deals/images"

    public init() {}

    public let id = ServiceID.deals
    public let title = N_("Deals")
    public let ownServiceName: String? = N_("the deals service")
    public let sourceKey = SettingKey.dealsSource
    public let urlKey = SettingKey.dealsURL
    public let settings = [SettingKey.dealsURL, .dealsImageURL]
    public let requiredWhenLive = [SettingKey.dealsURL, .dealsImageURL]

    /// Live deals need an address; the picture template is required when saved in Settings but
    /// may be left out when the environment picks the endpoint (deals then show without pictures).
    public func client(_ context: ServiceContext) -> DealsClient {
        if context.isLive(self), let address = context.value(.dealsURL), let endpoint = URL(string: address) {
            return DealsClient(transport: context.transport, endpoint: endpoint,
                               imageTemplate: context.value(.dealsImageURL).map(ImageURLTemplate.init))
        }
        return DealsClient(transport: context.transport, endpoint: Self.demoEndpoint(base: context.demoBase),
                           imageTemplate: ImageURLTemplate(Self.demoImageTemplate(base: context.demoBase)))
    }

    public func probe(_ context: ServiceContext) async throws(APIError) -> ProbeOutcome {
        let count = try await client(context).fetchDeals(DealsQuery.standard(now: context.now)).deals.count
        return ProbeOutcome(found: .items(count: count, of: .deal))
    }

    /// The demo's deals search endpoint under `base`.
    public static func demoEndpoint(base: URL) -> URL {
        base.appendingPathComponent(String(demoPath.dropFirst()))
    }

    /// The demo's picture template under `base`, with the placeholders `DealsClient` fills in.
    public static func demoImageTemplate(base: URL) -> String {
        base.appendingPathComponent(String(demoImagesPath.dropFirst())).absoluteString
            + "/{type}/{id}?width={width}&height={height}"
    }
}

extension ServiceID {
    public static let deals = ServiceID("deals")
}

extension SettingKey {
    public static let dealsSource = SettingKey.source(.deals)
    public static let dealsURL = SettingKey("deals.url", caption: N_("Deals address"), environmentVariable: "TRIPBOARD_DEALS_URL",
                                            rule: .webAddress, placeholder: "https://…/deals/search")
    public static let dealsImageURL = SettingKey("deals.image_url", caption: N_("Picture address"),
                                                 environmentVariable: "TRIPBOARD_DEALS_IMAGE_URL", rule: .pictureTemplate,
                                                 placeholder: "https://…/{type}/{id}/{width}x{height}.jpg")
}

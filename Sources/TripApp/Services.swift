import Foundation
import TripCore
import TripDemo
import TripLive

/// The composition root's wiring: which concrete client serves each screen, demo or live.
public struct Services: Sendable {
    public let deals: any DealsService
    public let images: any ImageSource
    public let directories: AppDirectories

    /// - Parameters:
    ///   - environment: `TRIPBOARD_*` variables select live services and move directories.
    ///   - dealsEndpoint: a deals endpoint that wins over the environment (the command line's `--base-url`).
    public init(environment: [String: String], dealsEndpoint: URL? = nil) {
        directories = AppDirectories(environment: environment)
        var source = DealsSource(environment: environment)
        if let dealsEndpoint {
            let template = environment["TRIPBOARD_DEALS_IMAGE_URL"].flatMap { $0.isEmpty ? nil : ImageURLTemplate($0) }
            source = .live(endpoint: dealsEndpoint, imageTemplate: template)
        }
        let transport: any HTTPTransport
        switch source {
        case .demo:
            transport = DemoTransport()
            let base = DemoEndpoints.inProcessBase
            deals = DealsClient(transport: transport, endpoint: DemoEndpoints.deals(base: base),
                                imageTemplate: ImageURLTemplate(DemoEndpoints.dealImageTemplate(base: base)))
        case .live(let endpoint, let imageTemplate):
            transport = URLSessionTransport()
            deals = DealsClient(transport: transport, endpoint: endpoint, imageTemplate: imageTemplate)
        }
        images = ImageCache(transport: transport,
                            directory: directories.cache.appendingPathComponent("images", isDirectory: true))
    }
}

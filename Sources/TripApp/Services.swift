import Foundation
import TripCore
import TripDemo
import TripLive

/// The composition root's wiring: which concrete client serves each screen, demo or live.
public struct Services: Sendable {
    public let deals: any DealsService
    public let images: any ImageSource
    public let departures: any DepartureSearching
    /// Stop finders and live arrivals, one per provider.
    public let stops: [any StopService]
    /// London buses (also among `stops`), for the command line's TfL-only commands.
    public let tfl: TfLClient
    /// Melbourne trams (also among `stops`), for what only TramTracker does.
    public let trams: TramTrackerClient
    public let directories: AppDirectories
    /// The database in the data folder (favourites, kept tokens), opened on first use.
    public let store: LazySQLiteStore

    /// - Parameters:
    ///   - environment: `TRIPBOARD_*` variables select live services and move directories.
    ///   - now: the clock the demo service reads (the command line's `--now` pins it).
    public init(environment: [String: String], now: @escaping @Sendable () -> Date = Date.init) {
        directories = AppDirectories(environment: environment)
        store = LazySQLiteStore(directory: directories.data)
        let demo = DemoTransport(service: DemoService(now: now))
        let base = DemoEndpoints.inProcessBase
        var live: URLSessionTransport?
        func liveTransport() -> URLSessionTransport {
            if let live { return live }
            let created = URLSessionTransport()
            live = created
            return created
        }

        let dealsTransport: any HTTPTransport
        switch DealsSource(environment: environment) {
        case .demo:
            dealsTransport = demo
            deals = DealsClient(transport: demo, endpoint: DemoEndpoints.deals(base: base),
                                imageTemplate: ImageURLTemplate(DemoEndpoints.dealImageTemplate(base: base)))
        case .live(let endpoint, let imageTemplate):
            dealsTransport = liveTransport()
            deals = DealsClient(transport: dealsTransport, endpoint: endpoint, imageTemplate: imageTemplate)
        }
        images = ImageCache(transport: dealsTransport,
                            directory: directories.cache.appendingPathComponent("images", isDirectory: true))

        let busbud: BusbudClient
        switch BusbudSource(environment: environment) {
        case .demo:
            busbud = BusbudClient(transport: demo, baseURL: base)
        case .live(let baseURL, let token):
            busbud = BusbudClient(transport: liveTransport(), baseURL: baseURL, token: token)
        }
        departures = DepartureSearch(client: busbud, clock: ContinuousClock(), pollInterval: .seconds(1))

        switch TfLSource(environment: environment) {
        case .demo:
            tfl = TfLClient(transport: demo, baseURL: base)
        case .live(let baseURL, let appKey):
            tfl = TfLClient(transport: liveTransport(), baseURL: baseURL, appKey: appKey)
        }
        if let text = environment["TRIPBOARD_TRAMTRACKER_URL"], !text.isEmpty, let url = URL(string: text) {
            trams = TramTrackerClient(transport: liveTransport(), baseURL: url, keeper: store)
        } else {
            trams = TramTrackerClient(transport: demo, baseURL: DemoEndpoints.tramTracker(base: base), keeper: store)
        }
        stops = [tfl, trams]
    }
}

import Desktop
import Foundation
import TripCore
import TripDemo
import TripLive
import TripViewModels

/// The clients the settings choose, demo or live. Cheap to make: made anew whenever a setting
/// changes, which also puts the settings' time limit in force for every request of the run.
public struct Services: Sendable {
    public let settings: Settings
    public let deals: DealsClient
    public let busbud: BusbudClient
    public let departures: any DepartureSearching
    /// London buses (also among `stops`), for the command line's TfL-only commands.
    public let tfl: TfLClient
    /// Melbourne trams (also among `stops`), for what only TramTracker does.
    public let trams: TramTrackerClient
    /// Stop finders and live arrivals, one per provider.
    public var stops: [any StopService] { [tfl, trams] }

    public init(settings: Settings, runtime: Runtime) {
        self.settings = settings
        runtime.timeLimit.duration = settings.timeLimit
        let transport = runtime.transport
        let demo = DemoEndpoints.inProcessBase
        switch settings.dealsSource {
        case .demo:
            deals = DealsClient(transport: transport, endpoint: DemoEndpoints.deals(base: demo),
                                imageTemplate: ImageURLTemplate(DemoEndpoints.dealImageTemplate(base: demo)))
        case .live(let endpoint, let imageTemplate):
            deals = DealsClient(transport: transport, endpoint: endpoint, imageTemplate: imageTemplate)
        }
        switch settings.busbudSource {
        case .demo: busbud = BusbudClient(transport: transport, baseURL: demo)
        case .live(let baseURL, let token): busbud = BusbudClient(transport: transport, baseURL: baseURL, token: token)
        }
        departures = DepartureSearch(client: busbud, clock: ContinuousClock(), pollInterval: .seconds(1))
        switch settings.tflSource {
        case .demo: tfl = TfLClient(transport: transport, baseURL: demo)
        case .live(let baseURL, let appKey): tfl = TfLClient(transport: transport, baseURL: baseURL, appKey: appKey)
        }
        trams = TramTrackerClient(transport: transport, baseURL: settings.tramTrackerURL ?? DemoEndpoints.tramTracker(base: demo),
                                  keeper: runtime.database)
    }

    /// 12- or 24-hour, as the Clock setting says (the desktop's `clock-format` when following it);
    /// nil leaves each place to its habit.
    public var clockFormat: ClockFormat? { settings.clock.format(system: DesktopSettings.clockFormat) }

    /// What the pages need, for the view models.
    public var set: ServiceSet {
        ServiceSet(deals: deals, departures: departures, stops: stops)
    }

    /// "Test connection": one real request to `service`, and what it found, in words.
    public func testConnection(_ service: ServiceKind, now: Date) async throws(APIError) -> String {
        switch service {
        case .deals:
            let count = try await deals.fetchDeals(DealsQuery.standard(now: now)).deals.count
            return "Connected: the deals service sent \(count == 1 ? "1 deal" : "\(count) deals")."
        case .busbud:
            let today = LocalDate(now, in: .current)
            let page = try await busbud.search(settings.searchDefaults(today: today))
            return "Connected: the coach search answered (\(page.departures.count) departures on its first page)."
        case .tfl:
            let found = try await tfl.stops(near: KnownPlaces.london[0].coordinate, radius: 200)
            return "Connected: TfL found \(found.count) stops near \(KnownPlaces.london[0].name)."
        case .trams:
            _ = try await trams.freshToken()
            return "Connected: TramTracker gave Tripboard a device token."
        }
    }
}

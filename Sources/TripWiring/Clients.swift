import Desktop
import Foundation
import TripCore
import TripWords
import TripDemo
import TripLive
import TripViewModels

/// The clients the settings choose, demo or live, each made by its service's provider. Cheap to
/// make: made anew whenever a setting changes, which also puts the settings' time limit in force
/// for every request of the run.
public struct Clients: Sendable {
    public let settings: Settings
    public let deals: DealsClient
    public let busbud: BusbudClient
    public let departures: any DepartureSearching
    /// Stop finders and live arrivals, one per transit service of the registry, in its order.
    public let stops: [any TransitClient]
    private let runtime: Runtime

    public init(settings: Settings, runtime: Runtime) {
        self.settings = settings
        self.runtime = runtime
        runtime.timeLimit.duration = settings.timeLimit
        let context = Self.context(settings, runtime)
        deals = DealsProvider().client(context)
        busbud = BusbudProvider().client(context)
        departures = DepartureSearch(client: busbud, clock: ContinuousClock(), pollInterval: .seconds(1))
        stops = settings.registry.transit.map { $0.stopService(context) }
    }

    private static func context(_ settings: Settings, _ runtime: Runtime) -> ServiceContext {
        ServiceContext(settings: settings, transport: runtime.transport, demoBase: DemoEndpoints.inProcessBase,
                       keeper: runtime.database, now: runtime.now())
    }

    /// London buses (also among `stops`), for the command line's TfL-only commands.
    public var tfl: TfLClient {
        stops.lazy.compactMap { $0 as? TfLClient }.first ?? TfLProvider().client(Self.context(settings, runtime))
    }
    /// Melbourne trams (also among `stops`, keeping one device token), for what only TramTracker does.
    public var trams: TramTrackerClient {
        stops.lazy.compactMap { $0 as? TramTrackerClient }.first ?? TramTrackerProvider().client(Self.context(settings, runtime))
    }

    /// 12- or 24-hour, as the Clock setting says (the desktop's `clock-format` when following it);
    /// nil leaves each place to its habit.
    public var clockFormat: ClockFormat? { settings.clock.format(system: DesktopSettings.clockFormat) }

    /// What the pages need, for the view models.
    public var set: PageClients {
        PageClients(deals: deals, departures: departures, stops: stops)
    }

    /// "Test connection": one real request to `service`, and what it found, in words.
    public func testConnection(_ service: ServiceID) async throws(APIError) -> String {
        guard let provider = settings.registry.service(service) else { throw .service(.unknownService(service.rawValue)) }
        return try await provider.probe(Self.context(settings, runtime)).sentence(provider)
    }
}

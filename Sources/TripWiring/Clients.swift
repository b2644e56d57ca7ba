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
///
/// Deals, searches and arrivals keep their last good answers in the cache folder and fall back on
/// them when the network fails (`AnswerKeeper`).
public struct Clients: Sendable {
    public let settings: Settings
    public let deals: KeptDeals
    public let busbud: BusbudClient
    public let departures: any DepartureSearching
    /// Stop finders and live arrivals, one per transit service of the registry, in its order.
    public let stops: [any TransitClient]
    private let runtime: Runtime

    /// - Parameter offersKept: false refuses kept answers (the command line's `--fresh`): a
    ///   network failure is then said as it is. Fresh answers are kept either way.
    public init(settings: Settings, runtime: Runtime, offersKept: Bool = true) {
        self.settings = settings
        self.runtime = runtime
        runtime.timeLimit.duration = settings.timeLimit
        let context = Self.context(settings, runtime)
        let keeper = AnswerKeeper(cache: runtime.answers, now: runtime.now, offersKept: offersKept) { damage in
            StandardStreams.say(damage.sentence)
        }
        deals = KeptDeals(client: DealsProvider().client(context), keeper: keeper)
        busbud = BusbudProvider().client(context)
        departures = DepartureSearch(client: busbud, clock: ContinuousClock(), pollInterval: .seconds(1), keeper: keeper)
        stops = settings.registry.transit.map { provider -> any TransitClient in
            let client = provider.stopService(context)
            return client.keepingArrivals.map { KeepingTransitClient($0, keeper: keeper) } ?? client
        }
    }

    private static func context(_ settings: Settings, _ runtime: Runtime) -> ServiceContext {
        ServiceContext(settings: settings, transport: runtime.transport, demoBase: DemoEndpoints.inProcessBase,
                       keeper: runtime.database, now: runtime.now())
    }

    /// London buses (among `stops`, answers kept), for the command line's TfL-only commands.
    public var tfl: any TransitClient {
        stops.first { $0.provider.id == .tfl } ?? TfLProvider().client(Self.context(settings, runtime))
    }
    /// Melbourne trams (among `stops`, answers kept), for the command line's tram commands.
    public var keptTrams: any TransitClient {
        stops.first { $0.provider.id == .tramTracker } ?? trams
    }
    /// Melbourne trams (also among `stops`, keeping one device token), for what only TramTracker does.
    public var trams: TramTrackerClient {
        stops.lazy.compactMap { $0.unkept as? TramTrackerClient }.first ?? TramTrackerProvider().client(Self.context(settings, runtime))
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

import Foundation
import Gtk
import Synchronization
import TripCore
import TripDemo
import TripLive
import TripViewModels

/// What a run of Tripboard opens once: its folders and database, the settings kept there, the one
/// HTTP transport (the built-in demo's address goes to the demo in-process, every other to the
/// network; GETs that can succeed on a second try are tried again) and the picture cache on it.
public final class Runtime: Sendable {
    public let environment: [String: String]
    public let directories: AppDirectories
    /// The database (favourites, kept tokens, settings), opened on first use.
    public let database: LazySQLiteStore
    public let settingsStore: LocalSettingsStore
    public let transport: any HTTPTransport
    /// How long each try of a request may take: the Time limit setting, put in force by `Services`.
    public let timeLimit: TimeLimit
    public let images: any ImageSource
    public let cache: CacheFolder
    /// The app's clock: the real one, or the moment `TRIPBOARD_NOW` (or `--now`) pins.
    public let now: @Sendable () -> Date
    /// Variables that could not be read and were ignored (`TRIPBOARD_NOW`, `TRIPBOARD_DEMO_FAULTS`), in words.
    public let warnings: [String]

    /// - Parameters:
    ///   - pinned: a moment that wins over `TRIPBOARD_NOW` (the command line's `--now`).
    ///   - whenUnsaved: what a save does when the data folder cannot keep it: the window keeps it
    ///     for the session (and says so once); a command, which ends at once, refuses it.
    public init(environment: [String: String], pinned: Date? = nil, whenUnsaved: SQLiteStore.WhenUnsaved = .refuse) {
        self.environment = environment
        var moment = pinned
        var problem: String?
        if moment == nil, let text = environment["TRIPBOARD_NOW"], !text.isEmpty {
            moment = ISO8601Instant.parse(text)
            if moment == nil {
                problem = "TRIPBOARD_NOW “\(text)” is not an ISO 8601 time such as 2026-11-22T09:00:00Z; using the real clock"
            }
        }
        let fixed = moment
        now = { fixed ?? Date() }
        var warnings = [problem].compactMap(\.self)
        var faults = FaultPlan()
        if let spec = environment["TRIPBOARD_DEMO_FAULTS"], !spec.isEmpty {
            do {
                faults = try FaultPlan(spec: spec)
            } catch {
                warnings.append("TRIPBOARD_DEMO_FAULTS: \(error.description); the built-in demo runs without faults")
            }
        }
        self.warnings = warnings
        directories = AppDirectories(environment: environment)
        database = LazySQLiteStore(directory: directories.data, whenUnsaved: whenUnsaved)
        settingsStore = LocalSettingsStore(database: database, directory: directories.data)
        timeLimit = TimeLimit(Settings().timeLimit)
        transport = RetryingTransport(RoutingTransport(demo: DemoTransport(service: DemoService(faults: faults, now: now))),
                                      timeLimit: timeLimit)
        cache = CacheFolder(directory: directories.cache)
        images = ImageCache(transport: transport, directory: directories.cache.appendingPathComponent("images", isDirectory: true))
    }

    /// The settings in force now: what is saved, under the environment; how the window was left;
    /// and any notice about reading them.
    public func settingsNow() -> (settings: Settings, window: WindowState, notice: String?) {
        let loaded = settingsStore.loadNow()
        return (Settings(saved: loaded.saved, environment: environment), loaded.window, loaded.notice)
    }

    /// Today in this machine's zone, by the app's clock.
    public var today: LocalDate { LocalDate(now(), in: .current) }
}

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

/// Sends the built-in demo's requests to the demo in this process, and every other to the
/// network (whose session is made on first use, not at start-up).
final class RoutingTransport: HTTPTransport {
    let demo: DemoTransport
    private let network = Mutex<URLSessionTransport?>(nil)

    init(demo: DemoTransport) {
        self.demo = demo
    }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        if request.url.host == DemoEndpoints.inProcessBase.host { return try await demo.send(request) }
        let live = network.withLock { network in
            if let network { return network }
            // Its own timeout is only a backstop: the Time limit setting gives up first.
            let made = URLSessionTransport(timeout: TimeInterval(SettingKey.timeLimitRange.upperBound + 10))
            network = made
            return made
        }
        return try await live.send(request)
    }
}

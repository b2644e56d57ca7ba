import Foundation

/// One service Tripboard talks to, described whole in its own folder: who it is, its settings,
/// what a live client of it needs, and how to test a connection to it. Settings, the Settings tab,
/// the wiring and the command line read services through `ServiceRegistry`, never by name.
public protocol ServiceProvider: Sendable {
    var id: ServiceID { get }
    /// "London buses": the heading of its Settings section, and how sentences about it start.
    var title: String { get }
    /// The service as a sentence names it, when it has a name of its own ("the deals service");
    /// nil for a transit service, which TripWords names from its mode ("the London bus service").
    var ownServiceName: String? { get }
    /// Demo or live.
    var sourceKey: SettingKey { get }
    /// Its address: a base URL, or the whole endpoint.
    var urlKey: SettingKey { get }
    /// Its settings besides the source, in the order the Settings tab shows them.
    var settings: [SettingKey] { get }
    /// What a live client must have: live is refused while one of these is empty.
    var requiredWhenLive: [SettingKey] { get }
    /// The name of the live service when it offers nothing but plain http ("TramTracker"), so may
    /// be reached over it; nil otherwise.
    var plainHTTPOnlyAt: String? { get }
    /// Whose data it shows, as About Tripboard credits it; nil for a service that asks none.
    var credit: ServiceCredit? { get }
    /// "Test connection": one real request, and what it found.
    func probe(_ context: ServiceContext) async throws(APIError) -> ProbeOutcome
    /// The service as a transit service (stops and arrivals); nil for any other. Answered by the
    /// protocols' own extensions, so the registry sorts its services without a dynamic cast: a first
    /// `as? any TransitProvider` of each type searches the binary's 9,000 conformance records, 1.7
    /// million instructions at start-up for the four services.
    var asTransit: (any TransitProvider)? { get }
}

/// Whose data a service shows: the name to credit, where it lives, and any notice its terms
/// require beside it (TfL's "Powered by TfL Open Data" and its map data's copyright).
public struct ServiceCredit: Sendable, Equatable {
    public var name: String
    public var website: String
    /// The notice, word for word as the terms give it; nil when the terms ask only for the name.
    public var notice: String?

    public init(name: String, website: String, notice: String? = nil) {
        self.name = name
        self.website = website
        self.notice = notice
    }
}

extension ServiceProvider {
    public var ownServiceName: String? { nil }
    public var requiredWhenLive: [SettingKey] { [] }
    public var plainHTTPOnlyAt: String? { nil }
    public var credit: ServiceCredit? { nil }
    public var asTransit: (any TransitProvider)? { nil }

    /// Every setting of the service: its source first.
    public var allSettings: [SettingKey] { [sourceKey] + settings }
}

/// A service of stops and live arrivals (buses, trams): what the screens need to show its stops
/// and arrivals as its city does, and its client.
public protocol TransitProvider: ServiceProvider {
    /// The city and mode, as a person reads it beside a stop: "London bus".
    var modeName: String { get }
    /// What comes to the stop, for sentences: "bus", "tram".
    var vehicleName: String { get }
    /// More than one: "buses", "trams".
    var vehiclesName: String { get }
    /// The zone whose wall clock people at the stop read.
    var timeZone: TimeZone { get }
    /// How the city's own signs show clock times.
    var clockHabit: ClockFormat { get }
    /// What the city's signs say under a minute: "Due" in London, "Now" in Melbourne.
    var dueWord: String { get }
    /// Whether a row shows each arrival's clock time beside its countdown ("9:23 am (3 min)"), as
    /// the city's signs do.
    var showsClockTime: Bool { get }
    /// The style class of its route badges ("tram-badge"); nil for the plain one.
    var badgeStyle: String? { get }
    /// Whether stops are known by their number ("Highett St & Church St (4055)") rather than by
    /// the letter on their flag ("Oxford Circus Station (Stop OC)").
    var namesStopsByNumber: Bool { get }
    /// Whether it can find stops near a point.
    var findsStopsNearby: Bool { get }
    /// The radii, in metres, it may be asked for stops within (`stops(near:radius:)`).
    var nearbyRadii: ClosedRange<Int> { get }
    /// Where a map of its stops opens when nothing better is known (no favourites): its city's
    /// centre; nil when it has no one place.
    var defaultPlace: KnownPlace? { get }
    /// What a map of its stops draws underneath them with no tiles: its city's river and
    /// landmarks; nil for none.
    var baseMap: BaseMap? { get }
    /// Whether an arrival's `vehicle` names one vehicle from answer to answer (TfL's `vehicleId`),
    /// so an alert follows it; otherwise an alert follows its route's nearest predicted time.
    var followsVehicles: Bool { get }
    /// Its client, demo or live as the settings say.
    func stopService(_ context: ServiceContext) -> any TransitClient
}

extension TransitProvider {
    public var asTransit: (any TransitProvider)? { self }
    public var showsClockTime: Bool { false }
    public var badgeStyle: String? { nil }
    public var namesStopsByNumber: Bool { false }
    public var findsStopsNearby: Bool { true }
    public var nearbyRadii: ClosedRange<Int> { 50...2000 }
    public var defaultPlace: KnownPlace? { nil }
    public var baseMap: BaseMap? { nil }
    public var followsVehicles: Bool { false }
}

/// What a service's client is made from: the settings in force, the one transport, where the
/// built-in demo answers, and where a client may keep a value across launches.
public struct ServiceContext: Sendable {
    public var settings: Settings
    public var transport: any HTTPTransport
    /// The demo's base URL; a service's demo answers under it at its live path.
    public var demoBase: URL
    public var keeper: (any ValueStore)?
    /// The moment "Test connection" asks about.
    public var now: Date

    public init(settings: Settings, transport: any HTTPTransport, demoBase: URL, keeper: (any ValueStore)? = nil,
                now: Date = Date()) {
        self.settings = settings
        self.transport = transport
        self.demoBase = demoBase
        self.keeper = keeper
        self.now = now
    }

    /// Whether `provider` is set to live.
    public func isLive(_ provider: some ServiceProvider) -> Bool {
        settings.value(provider.sourceKey) == DataSource.live.rawValue
    }

    /// `provider`'s base URL: the address setting when live, else the demo's base with the live
    /// address's path (the demo answers where the live service does).
    public func baseURL(_ provider: some ServiceProvider, livePath: String = "") -> URL {
        if isLive(provider), let url = URL(string: settings.value(provider.urlKey)) { return url }
        return livePath.isEmpty ? demoBase : demoBase.appendingPathComponent(String(livePath.drop { $0 == "/" }))
    }

    /// A setting's value, or nil when it is empty.
    public func value(_ key: SettingKey) -> String? {
        let value = settings.value(key)
        return value.isEmpty ? nil : value
    }
}

import Foundation
import Testing
import TestSupport
import TripCore
import TripDemo
import TripLive
import TripViewModels
import TripWiring

// A fifth service, declared whole in this one file: Wellington's buses (Metlink), with its
// settings, its client, its probe and its part of the built-in demo. Nothing outside this file
// names it; the registry built below is all it takes for it to appear in `tripboard settings`'
// data, in the Settings tab's model, in the demo's fault plan, in stop search and in a
// favourites refresh.

/// Metlink, Wellington's public transport: its buses and their live departures.
struct MetlinkProvider: TransitProvider {
    static let liveBaseURL = URL(string: "https://api.opendata.metlink.org.nz/v1")!

    let id = ServiceID("metlink")
    let title = "Wellington buses"
    let sourceKey = SettingKey.source(ServiceID("metlink"))
    let urlKey = SettingKey.address(ServiceID("metlink"), default: liveBaseURL, variable: "TRIPBOARD_METLINK_URL")
    static let apiKey = SettingKey("metlink.api_key", caption: "Metlink API key", environmentVariable: "TRIPBOARD_METLINK_KEY",
                                   isCredential: true, rule: .credential, placeholder: "Needed for live departures")
    var settings: [SettingKey] { [Self.apiKey, urlKey] }
    var requiredWhenLive: [SettingKey] { [Self.apiKey] }

    let modeName = "Wellington bus"
    let vehicleName = "bus"
    let vehiclesName = "buses"
    let timeZone = TimeZone(identifier: "Pacific/Auckland")!
    let clockHabit = ClockFormat.twelveHour
    let dueWord = "Due"

    func stopService(_ context: ServiceContext) -> any TransitClient {
        MetlinkClient(transport: context.transport, baseURL: context.baseURL(self, livePath: Self.liveBaseURL.path),
                      key: context.isLive(self) ? context.value(Self.apiKey) : nil)
    }

    func probe(_ context: ServiceContext) async throws(APIError) -> ProbeOutcome {
        let found = try await stopService(context).searchStops(matching: "Courtenay")
        return ProbeOutcome(answerer: "Metlink", found: .items(count: found.count, of: .stop))
    }
}

/// Metlink's departures and stops over any transport.
struct MetlinkClient: TransitClient {
    var transport: any HTTPTransport
    var baseURL: URL
    var key: String?

    var provider: any TransitProvider { MetlinkProvider() }

    private struct Stop: Decodable {
        var stop_id: String
        var stop_name: String
        var stop_lat: Double
        var stop_lon: Double
    }

    private struct Predictions: Decodable {
        struct Departure: Decodable {
            struct Place: Decodable { var name: String }
            struct Times: Decodable { var expected: String }
            var service_id: String
            var destination: Place
            var arrival: Times
            var vehicle_id: String?
        }
        var departures: [Departure]
    }

    func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult {
        let answer = try await get(Predictions.self, "stop-predictions", [URLQueryItem(name: "stop_id", value: stopID)])
        return ArrivalsResult(arrivals: answer.departures.compactMap { departure in
            ISO8601Instant.parse(departure.arrival.expected).map {
                Arrival(line: departure.service_id, destination: departure.destination.name, vehicle: departure.vehicle_id,
                        expected: $0)
            }
        })
    }

    func searchStops(matching text: String) async throws(APIError) -> [TransitStop] {
        try await allStops().filter { $0.name.localizedCaseInsensitiveContains(text) }
    }

    func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] {
        try await allStops().compactMap { stop in
            var stop = stop
            stop.distance = stop.coordinate.map(point.distance(to:))
            return stop.distance.map { $0 <= Double(radius) } == true ? stop : nil
        }.sorted { $0.distance! < $1.distance! }
    }

    private func allStops() async throws(APIError) -> [TransitStop] {
        try await get([Stop].self, "gtfs/stops", []).map {
            TransitStop(provider: MetlinkProvider(), stopID: $0.stop_id, name: $0.stop_name,
                        coordinate: Coordinate(latitude: $0.stop_lat, longitude: $0.stop_lon))
        }
    }

    private func get<Value: Decodable>(_ type: Value.Type, _ path: String, _ query: [URLQueryItem]) async throws(APIError) -> Value {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = query.isEmpty ? nil : query
        let body = try await transport.send(HTTPRequest(url: components.url!, headers: key.map { ["x-api-key": $0] } ?? [:]))
            .jsonBody()
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw .decoding(.other("\(error)"))
        }
    }
}

/// Metlink's part of the built-in demo: two stops on Courtenay Place, and a number 2 every 10 minutes.
struct MetlinkDemo: DemoSimulator {
    let routes = [DemoRoute("metlink")]

    func route(_ method: HTTPRequest.Method, _ segments: [String]) -> String? {
        method == .get && segments.starts(with: ["v1"]) && segments.count > 1 ? "metlink" : nil
    }

    func respond(to request: HTTPRequest, route: String, now: Date) throws -> HTTPResponse {
        let body: Any
        if request.url.path.hasSuffix("/gtfs/stops") {
            body = [["stop_id": "5000", "stop_name": "Courtenay Place - Stop A", "stop_lat": -41.2935, "stop_lon": 174.7808],
                    ["stop_id": "5002", "stop_name": "Courtenay Place - Stop B", "stop_lat": -41.2937, "stop_lon": 174.7812]]
        } else if request.url.path.hasSuffix("/stop-predictions") {
            let minute = (Int(now.timeIntervalSince1970) / 600) * 600
            body = ["departures": (1...3).map { trip in
                ["service_id": "2", "destination": ["name": "Miramar"], "vehicle_id": "23\(trip)",
                 "arrival": ["expected": ISO8601Instant.utcString(Date(timeIntervalSince1970: TimeInterval(minute + trip * 600)))]]
            }]
        } else {
            return HTTPResponse(status: 404, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
                            body: try JSONSerialization.data(withJSONObject: body))
    }
}

@MainActor
struct FifthServiceTests {
    static let registry = ServiceRegistry(ServiceRegistry.standard.services + [MetlinkProvider()])
    static let simulators = DemoService.standardSimulators + [MetlinkDemo()]
    static let metlink = ServiceID("metlink")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-fifth-\(UUID().uuidString)")

    func runtime(_ extra: [String: String] = [:]) -> Runtime {
        Runtime(environment: ["TRIPBOARD_DATA_DIR": folder.appendingPathComponent("data").path,
                              "TRIPBOARD_CACHE_DIR": folder.appendingPathComponent("cache").path,
                              "TRIPBOARD_NOW": "2026-11-23T08:00:00Z"].merging(extra) { _, new in new },
                keepsUnsavedChanges: false, registry: Self.registry, simulators: Self.simulators)
    }

    /// `tripboard settings` lists its settings, masks its key once saved, and names its variable
    /// when the environment makes it live.
    @Test func itsSettingsAreInTheSettingsCommandsData() async throws {
        let runtime = runtime()
        let keys = runtime.settingsNow().settings.keys.map(\.rawValue)
        #expect(keys.filter { $0.hasPrefix("metlink.") } == ["metlink.source", "metlink.api_key", "metlink.url"])
        try await runtime.settingsStore.saveSetting(MetlinkProvider.apiKey, "secret-key-1234")
        let saved = runtime.settingsNow().settings
        let key = SettingEntry(MetlinkProvider.apiKey, settings: saved)
        #expect([key.key, key.value, key.origin] == ["metlink.api_key", "••••••••1234", "saved"])
        #expect(key.variable == nil)
        let live = self.runtime(["TRIPBOARD_METLINK_URL": "http://127.0.0.1:9/v1"]).settingsNow().settings
        let source = SettingEntry(MetlinkProvider().sourceKey, settings: live)
        #expect([source.key, source.value, source.origin, source.variable] == ["metlink.source", "live", "environment", "TRIPBOARD_METLINK_URL"])
    }

    /// The Settings tab's model has its section; live without a key is refused beside the key's
    /// field; "Test connection" reaches its demo.
    @Test func theSettingsTabShowsItAndTestsItsConnection() async throws {
        let runtime = runtime()
        let (settings, _, _) = runtime.settingsNow()
        let model = SettingsViewModel(
            settings: settings, store: runtime.settingsStore, clock: SteppedClock(), locations: ("/data", "/cache"),
            cache: runtime.cache, makeServices: { Clients(settings: $0, runtime: runtime).set },
            testConnection: { id, settings throws(APIError) in try await Clients(settings: settings, runtime: runtime).testConnection(id) })
        #expect(model.services.map(\.title).last == "Wellington buses")
        model.choose(MetlinkProvider().sourceKey, "live")
        await model.settle()
        #expect(model.problems[MetlinkProvider.apiKey] == "Live Wellington buses need a Metlink API key.")
        #expect(model.settings.value(MetlinkProvider().sourceKey) == "demo", "nothing was saved")
        model.testConnection(Self.metlink)
        await settle { model.tests[Self.metlink] != .testing }
        #expect(model.tests[Self.metlink] == .passed("Connected: Metlink found 2 stops."))
    }

    /// Its demo route takes faults like every other: a 503 is said as the service's trouble, a
    /// first 503 is ridden out, a web page is an unexpected answer.
    @Test(arguments: [("503", "The Wellington bus service is having trouble"), ("503@1", nil),
                      ("html", "Unexpected answer from the Wellington bus service"),
                      ("expired-token", "The Wellington bus service did not accept the credentials")])
    func itsDemoRouteTakesFaults(fault: String, title: String?) async throws {
        let moment = ISO8601Instant.parse("2026-11-23T08:00:00Z")!
        let plan = try FaultPlan(spec: "metlink=\(fault)", routes: Self.simulators.flatMap(\.routes))
        let transport = RetryingTransport(DemoTransport(service: DemoService(faults: plan, now: { moment }, simulators: Self.simulators)),
                                          clock: SteppedClock(sleepsEndAtOnce: true))
        let context = ServiceContext(settings: Settings(registry: Self.registry), transport: transport,
                                     demoBase: DemoEndpoints.inProcessBase)
        do {
            let result = try await MetlinkProvider().stopService(context).arrivals(at: "5000")
            #expect(title == nil, "the fault \(fault) was not said")
            #expect(result.arrivals.map(\.line) == ["2", "2", "2"])
        } catch {
            #expect(UserFacingError(error, service: MetlinkProvider().serviceName).title == title)
        }
        #expect(throws: FaultPlan.ParseError.self) { try FaultPlan(spec: "metlink=never-complete", routes: Self.simulators.flatMap(\.routes)) }
    }

    /// Add stop's search by name finds its stops beside the others, named as its city names them.
    @Test func stopSearchFindsItsStops() async throws {
        let runtime = runtime()
        let services = Clients(settings: runtime.settingsNow().settings, runtime: runtime)
        #expect(services.stops.map(\.provider.id) == [.tfl, .tramTracker, Self.metlink])
        let search = StopSearchViewModel(services: services.stops, favourites: nil, clock: SteppedClock())
        search.text = "Courtenay Place"
        search.search()
        await settle { search.state.value != nil }
        #expect(search.rows.map(\.title) == ["Courtenay Place - Stop A", "Courtenay Place - Stop B"])
        #expect(search.rows.first?.detail.hasPrefix("Wellington bus") == true)
    }

    /// A favourite stop of it is kept in the database and refreshed with the others, its times
    /// counting down as its city's signs do.
    @Test func aFavouriteOfItIsKeptAndRefreshed() async throws {
        let runtime = runtime()
        let services = Clients(settings: runtime.settingsNow().settings, runtime: runtime)
        let stop = try #require(try await services.stops[2].searchStops(matching: "Stop A").first)
        try await runtime.database.save([Favourite(stop: stop, routes: ["2"])])
        let relaunched = self.runtime()
        let favourites = FavouritesViewModel(store: relaunched.database, services: services.stops, clock: SteppedClock(),
                                             now: relaunched.now)
        favourites.appear()
        await settle { favourites.rows.first?.arrivals.isEmpty == false }
        #expect(favourites.rows.map(\.title) == ["Courtenay Place - Stop A"])
        #expect(favourites.rows[0].subtitle.hasPrefix("Wellington bus"))
        #expect(favourites.rows[0].arrivals.hasPrefix("2 · 10 min"))
        favourites.disappear()
    }
}

import ArgumentParser
import Foundation
import TripCore
import TripWords
import TripWiring

/// `tripboard arrivals --stop ID`: TfL arrivals at one stop, soonest first.
struct ArrivalsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "arrivals", abstract: tr("Print the buses due at a London stop (TfL), soonest first."),
            discussion: tr("One row a bus: its route, destination, stop letter and minutes until it is due. Find a stop's id with `tripboard stops`. Example:") + examples(
                "tripboard arrivals --stop 490000173OE --json"))
    }

    @Option(help: ArgumentHelp(tr("The stop's NaPTAN id, e.g. 490000173OE (see `tripboard stops`).")))
    var stop: String

    @OptionGroup var options: CommonOptions

    func validate() throws {
        if stop.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError(tr("--stop needs a stop id")) }
    }

    func run() async throws {
        let (runtime, services) = options.runtime(baseURLVariable: "TRIPBOARD_TFL_URL")
        let result = try await services.tfl.arrivals(at: stop)
        let now = runtime.now()
        let shown = try ShownArrivals(result, now: now, format: services.clockFormat)
        let arrivals = shown.arrivals
        if options.json {
            Output.print(try JSONOutput.encode(arrivals.map { ArrivalOutput($0, now: now, received: shown.received) }))
        } else if arrivals.isEmpty {
            Output.print(tr("No buses due in the next 30 minutes."))
        } else {
            let format = services.clockFormat
            Output.print(TextTable(header: [tr("ROUTE"), tr("DESTINATION"), tr("DUE"), tr("EXPECTED"), tr("VEHICLE")], rows: arrivals.map {
                [$0.line, $0.destination.isEmpty ? "—" : $0.destination,
                 ArrivalText.countdown(seconds: $0.seconds(from: now), provider: TfLProvider()),
                 ArrivalText.clock($0.expected, provider: TfLProvider(), format: format), $0.vehicle ?? "—"]
            }, rightAligned: [2]).rendered)
        }
        Output.say(shown.said)
    }
}

/// An arrival as `--json` prints it (field names are the contract in DESIGN.md).
struct ArrivalOutput: Encodable {
    var line: String
    @Nullable var destination: String?
    @Nullable var towards: String?
    @Nullable var vehicle: String?
    @Nullable var stop_letter: String?
    var expected: String
    /// Counted from `expected` at the app's clock, so a kept answer counts down too.
    var seconds: Int
    /// When the answer holding this arrival came (for one kept from earlier, when it first came).
    @Nullable var received: String?

    init(_ arrival: Arrival, now: Date, received: Date?) {
        line = arrival.line
        destination = arrival.destination.isEmpty ? nil : arrival.destination
        towards = arrival.towards
        vehicle = arrival.vehicle
        stop_letter = arrival.stopLetter
        expected = ISO8601Instant.utcString(arrival.expected)
        seconds = arrival.seconds(from: now)
        self.received = received.map(ISO8601Instant.utcString)
    }
}

/// `tripboard stops --search TEXT` or `--near LAT,LON`: London stops (TfL), never stop areas;
/// `--bbox S,W,N,E`: the stops inside a box from every service that finds stops nearby.
struct StopsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stops", abstract: tr("Find London bus stops (TfL) by name or near a point, or every service's stops in a box, nearest first."),
            discussion: tr("Give one of --search, --near or --bbox. Stop areas (a whole station) are resolved to their lettered stops. --bbox asks every service that finds stops near a point (London buses, Melbourne trams) round the box's centre, keeps the stops inside the box and lists them nearest the centre first; the radius asked is at most 2000 m, so a box wider than about 2.8 km gives only the stops within 2000 m of its centre. A service that fails is named on stderr, the others' stops are printed and the status is 3. Examples:") + examples(
                "tripboard stops --search \"Oxford Circus\"",
                "tripboard stops --near 51.5031,-0.1132 --radius 250 --json",
                "tripboard stops --bbox 51.5120,-0.1460,51.5180,-0.1380 --json"))
    }

    @Option(help: ArgumentHelp(tr("Part of a stop's name, e.g. \"Oxford Circus\"; any characters, \"/\" included.")))
    var search: String?

    // Read as given even when it starts with "-": a latitude south of the equator is a value.
    @Option(parsing: .unconditional, help: ArgumentHelp(tr("A point as LAT,LON in degrees, e.g. 51.5153,-0.1419 or -33.8,151.2.")))
    var near: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Metres around --near, 1 to 5000 (default 300).")))
    var radius: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("A box as S,W,N,E in degrees (south, west, north, east edges), e.g. 51.5120,-0.1460,51.5180,-0.1380; not across the 180° meridian.")))
    var bbox: String?

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard [search != nil, near != nil, bbox != nil].count(where: \.self) == 1 else {
            throw ValidationError(tr("give exactly one of --search TEXT, --near LAT,LON or --bbox S,W,N,E"))
        }
        if let search, search.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError(tr("--search needs some text")) }
        if near != nil { _ = try point() }
        if bbox != nil { _ = try box() }
        if let radius {
            guard near != nil else { throw ValidationError(tr("--radius goes with --near only")) }
            guard (1...5000).contains(radius) else { throw ValidationError(tr("--radius must be between 1 and 5000 metres")) }
        }
    }

    func point() throws -> Coordinate {
        let parts = (near ?? "").split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1], Coordinate(latitude: lat, longitude: lon).isValid else {
            throw ValidationError(tr("“%1$@” is not a point LAT,LON such as 51.5153,-0.1419").filled(near ?? ""))
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    func box() throws -> GeoBox {
        let text = bbox ?? ""
        do {
            return try GeoBox(parsing: text)
        } catch {
            throw ValidationError(error.sentence(text))
        }
    }

    func run() async throws {
        let (runtime, services) = options.runtime(baseURLVariable: "TRIPBOARD_TFL_URL")
        var incomplete: CommandFailure.Incomplete?
        let stops: [TransitStop]
        if let search {
            stops = try await services.tfl.searchStops(matching: search)
        } else if bbox != nil {
            let area = try box()
            let answers = await area.ask(services.stops)
            let failed = answers.compactMap { answer -> (any TransitProvider, APIError)? in
                if case .failure(let error) = answer.outcome { (answer.provider, error) } else { nil }
            }
            // Every service failing is a failure, not an empty box.
            if let first = failed.first, failed.count == answers.count { throw first.1 }
            if !failed.isEmpty {
                // TRANSLATORS: joins what is said about several services on one line.
                incomplete = CommandFailure.Incomplete(message: failed.map { AreaWords.leftOut($0.0, $0.1) }.joined(separator: tr("; ")))
            }
            stops = AreaAnswer.nearestFirst(answers)
        } else {
            stops = try await services.tfl.stops(near: try point(), radius: radius ?? 300)
        }
        // Stops are not kept: every answer here has just arrived.
        let received = runtime.now()
        if options.json {
            Output.print(try JSONOutput.encode(stops.map { StopOutput($0, received: received) }))
        } else if stops.isEmpty {
            Output.print(tr("No stops found."))
        } else {
            Output.print(TextTable(header: [tr("ID"), tr("NAME"), tr("LETTER"), tr("ROUTES"), tr("DISTANCE")], rows: stops.map {
                [$0.stopID, $0.name, $0.letter ?? "—", $0.lines.joined(separator: " "),
                 $0.distance.flatMap(Self.metres) ?? "—"]
            }, rightAligned: [4]).rendered)
        }
        if let incomplete { throw incomplete }
    }
}

extension StopsCommand {
    /// "120 m"; nil for a distance no stop can be at (negative, not a number, or beyond the Earth's
    /// circumference), which a service may still send.
    static func metres(_ distance: Double) -> String? {
        guard distance.isFinite, (0...40_075_000).contains(distance) else { return nil }
        // TRANSLATORS: a distance in metres: "120 m".
        return tr("%1$ld m").filled(Int(distance.rounded()))
    }
}

/// A stop as `--json` prints it (field names are the contract in DESIGN.md).
struct StopOutput: Encodable {
    var id: String
    var name: String
    @Nullable var letter: String?
    @Nullable var lat: Double?
    @Nullable var lon: Double?
    var lines: [String]
    @Nullable var distance: Double?
    /// When the answer naming this stop arrived.
    var received: String

    init(_ stop: TransitStop, received: Date) {
        id = stop.stopID
        name = stop.name
        letter = stop.letter
        // JSON has no infinity or NaN: a number a service sent that is neither is unknown.
        lat = stop.coordinate?.latitude.finiteOrNil
        lon = stop.coordinate?.longitude.finiteOrNil
        lines = stop.lines
        distance = stop.distance?.finiteOrNil
        self.received = ISO8601Instant.utcString(received)
    }
}

private extension Double {
    var finiteOrNil: Double? { isFinite ? self : nil }
}

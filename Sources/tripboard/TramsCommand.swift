import ArgumentParser
import Foundation
import TripCore
import TripWords
import TripWiring

/// `tripboard trams --stop ID [--route N]`: TramTracker predictions at a stop, soonest first.
struct TramsCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "trams", abstract: tr("Print the trams due at a Melbourne stop (TramTracker), soonest first."),
            discussion: tr("Times are Melbourne's, as its trams show them (\"9:23 am (3 min)\"), unless the clock setting says otherwise. Examples:") + examples(
                "tripboard trams --stop 4055",
                "tripboard trams --stop 4055 --route 78 --json"))
    }

    @Option(help: ArgumentHelp(tr("The TramTracker stop number, e.g. 4055.")))
    var stop: String

    @Option(help: ArgumentHelp(tr("Only this route number, e.g. 78. Default: every route at the stop.")))
    var route: String?

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard !stop.isEmpty, stop.allSatisfy(\.isNumber) else { throw ValidationError(tr("--stop needs a stop number such as 4055")) }
        if let route, route.isEmpty || !route.allSatisfy({ $0.isLetter || $0.isNumber }) {
            throw ValidationError(tr("--route needs a route number such as 78"))
        }
    }

    func run() async throws {
        let (runtime, services) = options.runtime(baseURLVariable: "TRIPBOARD_TRAMTRACKER_URL")
        // Every route's trams, filtered here: the request the favourites make too, so one kept
        // answer serves a stop with or without --route when the service cannot be reached.
        var result = try await services.keptTrams.arrivals(at: stop)
        if let route { result.arrivals = result.arrivals.filter { Self.route($0.line, is: route) } }
        let now = runtime.now()
        let shown = try ShownArrivals(result, now: now, format: services.clockFormat)
        let trams = shown.arrivals
        if options.json {
            Output.print(try JSONOutput.encode(trams.map { TramOutput($0, now: now, received: shown.received) }))
        } else if trams.isEmpty {
            Output.print(tr("No trams due."))
        } else {
            Output.print(TextTable(header: [tr("ROUTE"), tr("DESTINATION"), tr("DUE"), tr("TRAM")], rows: trams.map {
                [$0.line, $0.destination.isEmpty ? "—" : $0.destination,
                 ArrivalText.display($0, provider: TramTrackerProvider(), now: now, format: services.clockFormat), $0.vehicle ?? "—"]
            }).rendered)
        }
        if !options.json {
            for notice in shown.result.notices(including: { $0.seconds(from: now) >= 0 }) { Output.print(ArrivalText.notice(notice)) }
        }
        Output.say(shown.said)
    }

    /// Whether a tram whose route reads `line` (its headboard's number, as the table prints it) is
    /// on route `route` as typed, in any case. The service's own filter
    /// (`GetNextPredictedRoutesCollection/STOP/ROUTE`) predicts the same next trams of a route as
    /// its every-route answer does (the demo makes both from one timetable a route); it goes by
    /// the route's number, which differs from the headboard's only for a variant such as "3a".
    static func route(_ line: String, is route: String) -> Bool {
        line.caseInsensitiveCompare(route) == .orderedSame
    }
}

/// A tram as `--json` prints it (field names are the contract in DESIGN.md).
struct TramOutput: Encodable {
    var route: String
    @Nullable var destination: String?
    var predicted: String
    var minutes: Int
    var display: String
    @Nullable var vehicle: String?
    /// The service's disruption and special-event messages for this tram's route ("Disruption: …").
    var notices: [String]
    /// When the answer holding this tram came (for one kept from earlier, when it first came).
    @Nullable var received: String?

    init(_ tram: Arrival, now: Date, received: Date?) {
        route = tram.line
        destination = tram.destination.isEmpty ? nil : tram.destination
        predicted = ISO8601Instant.utcString(tram.expected)
        minutes = max(0, tram.seconds(from: now) / 60)
        display = ArrivalText.display(tram, provider: TramTrackerProvider(), now: now)
        vehicle = tram.vehicle
        notices = tram.notices.map(ArrivalText.notice)
        self.received = received.map(ISO8601Instant.utcString)
    }
}

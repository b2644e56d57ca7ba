import ArgumentParser
import Foundation
import TripApp
import TripCore

/// `tripboard departures`: one-way coach departures between two cities on a day.
struct DeparturesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "departures",
        abstract: "Print one-way coach departures between two cities, sorted by departure time.")

    @Option(help: "Where from: a Busbud geohash (dr5reg) or a known city's name. Default: Settings' search defaults.")
    var origin: String?
    @Option(help: "Where to: a Busbud geohash (f25dvk) or a known city's name. Default: Settings' search defaults.")
    var destination: String?
    @Option(help: "The day, YYYY-MM-DD. Default: today (by --now or TRIPBOARD_NOW when given).")
    var date: String?
    @Option var adults: Int?
    @Option var children: Int?
    @Option var seniors: Int?
    @Option(help: "ISO 4217 code prices are asked in (USD, CAD, EUR). Default: Settings' search defaults.")
    var currency: String?
    @Option(name: .customLong("lang"), help: "Language of names (en, fr). Default: Settings' search defaults.")
    var language: String?

    @OptionGroup var options: CommonOptions

    /// The search the options describe, over `defaults` (the saved search defaults on today).
    func query(defaults: DepartureQuery) throws -> DepartureQuery {
        var day = defaults.date
        if let date {
            guard let given = LocalDate(date) else { throw ValidationError("“\(date)” is not a date such as 2016-07-29") }
            day = given
        }
        let query = DepartureQuery(origin: origin.map(Self.geohash) ?? defaults.origin,
                                   destination: destination.map(Self.geohash) ?? defaults.destination, date: day,
                                   adults: adults ?? defaults.adults, children: children ?? defaults.children,
                                   seniors: seniors ?? defaults.seniors,
                                   currency: currency?.uppercased() ?? defaults.currency,
                                   language: language ?? defaults.language)
        if let problem = query.problem { throw ValidationError(problem) }
        return query
    }

    func validate() throws {
        if let date, LocalDate(date) == nil { throw ValidationError("“\(date)” is not a date such as 2016-07-29") }
    }

    func run() async throws {
        let (runtime, services) = options.runtime(baseURLVariable: "TRIPBOARD_BUSBUD_URL")
        let query = try query(defaults: services.settings.searchDefaults(today: runtime.today))
        let format = services.clockFormat ?? .twentyFourHour
        var last = SearchSnapshot(phase: .searching)
        for await snapshot in services.departures.snapshots(for: query) { last = snapshot }
        if case .failed(let error) = last.phase { throw error }
        // Everything unreadable is a failure, never "no departures".
        if last.departures.isEmpty, last.skipped > 0 {
            throw APIError.decoding("none of the \(last.skipped) departures the service sent could be read"
                + (last.skipReason.map { " (the first: \($0))" } ?? ""))
        }

        let departures = last.departures.sorted { ($0.departure, $0.id) < ($1.departure, $1.id) }
        if options.json {
            print(try JSONOutput.encode(departures.map(DepartureOutput.init)))
        } else if departures.isEmpty {
            print(last.isValidRoute ? "No departures on this day." : "No coaches run between these cities.")
        } else {
            print(table(departures, format: format))
        }
        if case .gaveUp = last.phase {
            throw CommandFailure.Incomplete(message:
                "the search did not complete: the service was still looking when Tripboard stopped waiting; "
                + "showing the \(departures.count) departures found so far" + (last.leftOut.map { "; \($0)" } ?? ""))
        }
        if let leftOut = last.leftOut { FileHandle.standardError.write(Data("tripboard: \(leftOut)\n".utf8)) }
    }

    /// A geohash as given, or the geohash of a known city called that (case and accents ignored).
    static func geohash(_ text: String) -> String {
        let wanted = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return KnownCities.all.first {
            $0.name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) == wanted
        }?.geohash ?? text
    }

    private func table(_ departures: [ResolvedDeparture], format: ClockFormat) -> String {
        let formatter = PriceFormatter()
        let rows = departures.map { item in
            [item.localDeparture.clockTime(format),
             item.localArrival.clockTime(format) + (item.arrivalDayOffset > 0 ? " +\(item.arrivalDayOffset)" : ""),
             DurationText.short(minutes: item.durationMinutes),
             item.originName ?? "—", item.destinationName ?? "—", item.operatorName ?? "—",
             formatter.string(minorUnits: item.priceCents, currency: item.currency),
             item.availableSeats.map(String.init) ?? "—"]
        }
        return TextTable(header: ["DEPARTS", "ARRIVES", "DURATION", "FROM", "TO", "OPERATOR", "PRICE", "SEATS"],
                         rows: rows, rightAligned: [2, 6, 7]).rendered
    }
}

/// A departure as `--json` prints it (field names are the contract in DESIGN.md).
struct DepartureOutput: Encodable {
    var id: String
    var `operator`: String?
    var origin: String?
    var destination: String?
    var departure: String
    var arrival: String
    var duration_minutes: Int
    var arrives_next_day: Bool
    var price_cents: Int
    var currency: String
    var available_seats: Int?
    var amenities: [String]

    init(_ item: ResolvedDeparture) {
        id = item.id
        `operator` = item.operatorName
        origin = item.originName
        destination = item.destinationName
        departure = ResolvedDeparture.iso8601(item.departure, in: item.departureZone)
        arrival = ResolvedDeparture.iso8601(item.arrival, in: item.arrivalZone)
        duration_minutes = item.durationMinutes
        arrives_next_day = item.arrivesNextDay
        price_cents = item.priceCents
        currency = item.currency
        available_seats = item.availableSeats
        amenities = item.amenities
    }
}

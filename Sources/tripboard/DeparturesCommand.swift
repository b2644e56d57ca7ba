import ArgumentParser
import Foundation
import TripCore
import TripViewModels
import TripWords
import TripWiring

/// `tripboard departures`: one-way coach departures between two cities on a day.
struct DeparturesCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "departures",
            abstract: tr("Print one-way coach departures between two cities, sorted by departure time."),
            discussion: tr("Asks the coach service (Busbud's x-departures, polled until complete) and prints every departure with seats for the party. Left-out options take Settings' search defaults (search.*); times are each city's own. The filters (--operator, --depart-after, --depart-before, --max-price, --amenity) are the Search tab's: they hide departures, and one stderr line says how many they hid; --json lists only the departures shown. Exit status 3: the search stopped before the service finished, and what it found is printed first. Examples:") + examples(
                "tripboard departures --origin \"New York\" --destination Montréal \\",
                "    --date 2026-12-18 --json",
                "tripboard departures --origin Boston --destination \"New York\" \\",
                "    --adults 2 --children 1 --currency EUR",
                "tripboard departures --operator Greyhound --depart-after 18:00 \\",
                "    --max-price 60 --amenity wifi --amenity power"))
    }

    // Every value is read as given, even one starting with "-" (`--adults -1` is a count to refuse,
    // not a missing value), and checked by the rule of the setting it stands for.
    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Where from: a known city by name or Busbud geohash (New York, dr5reg). Default: the search.origin setting.")))
    var origin: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Where to: a known city by name or Busbud geohash (Montréal, f25dvk). Default: the search.destination setting.")))
    var destination: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp(trn("The day, YYYY-MM-DD, from today to %1$ld day ahead. Default: today (by --now or TRIPBOARD_NOW when given).",
                                "The day, YYYY-MM-DD, from today to %1$ld days ahead. Default: today (by --now or TRIPBOARD_NOW when given).",
                                DepartureQuery.daysSold).filled(DepartureQuery.daysSold)))
    var date: String?
    @Option(parsing: .unconditional,
            // TRANSLATORS: %1$@ is a range such as "0 to 20", %2$ld the most travellers in all.
            help: ArgumentHelp(tr("Adults travelling, %1$@ (1 to %2$ld travellers in all). Default: the search.adults setting.")
                .filled(span(.searchAdults), SettingKey.travellerRange.upperBound)))
    var adults: String?
    @Option(parsing: .unconditional,
            // TRANSLATORS: %1$@ is a range such as "0 to 20".
            help: ArgumentHelp(tr("Children travelling, %1$@. Default: the search.children setting.").filled(span(.searchChildren))))
    var children: String?
    @Option(parsing: .unconditional,
            // TRANSLATORS: %1$@ is a range such as "0 to 20".
            help: ArgumentHelp(tr("Seniors travelling, %1$@. Default: the search.seniors setting.").filled(span(.searchSeniors))))
    var seniors: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Currency prices are asked in, an ISO 4217 code: USD, CAD or EUR. Default: the search.currency setting.")))
    var currency: String?
    @Option(name: .customLong("lang"), parsing: .unconditional,
            help: ArgumentHelp(tr("Language of city and station names: en or fr. Default: the search.language setting.")))
    var language: String?

    @Option(name: .customLong("operator"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp(tr("Show only this operator's departures, by name as printed (any case); repeat for several. Default: every operator."),
                               valueName: "NAME"))
    var operators: [String] = []
    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Show only departures leaving at or after HH:MM (24-hour) on the departure city's clock. Default: any time."),
                               valueName: "HH:MM"))
    var departAfter: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Show only departures leaving before HH:MM on the departure city's clock; earlier than --depart-after, the window runs through midnight. Default: any time."),
                               valueName: "HH:MM"))
    var departBefore: String?
    @Option(parsing: .unconditional,
            help: ArgumentHelp(tr("Show only departures costing at most AMOUNT (such as 52 or 52.50) in --currency, for the whole party; one priced in another currency is hidden. Default: any price."),
                               valueName: "AMOUNT"))
    var maxPrice: String?
    @Option(name: .customLong("amenity"), parsing: .unconditionalSingleValue,
            // TRANSLATORS: %1$@ lists the amenities as typed: "wifi, power, toilet".
            help: ArgumentHelp(tr("Show only departures with this on board: %1$@; repeat to need several. Default: none needed.")
                .filled(DepartureFilter.Amenity.allCases.map(\.rawValue).joined(separator: ", ")), valueName: "NAME"))
    var amenities: [String] = []

    @OptionGroup var options: CommonOptions

    /// Each option given, with the setting whose rule it follows: an option takes exactly what
    /// `tripboard settings set` takes for that setting.
    private var given: [(option: String, key: SettingKey, text: String)] {
        let all: [(String, SettingKey, String?)] = [
            ("--origin", .searchOrigin, origin), ("--destination", .searchDestination, destination),
            ("--adults", .searchAdults, adults), ("--children", .searchChildren, children),
            ("--seniors", .searchSeniors, seniors), ("--currency", .searchCurrency, currency),
            ("--lang", .searchLanguage, language)]
        return all.compactMap { option, key, text in text.map { (option, key, $0) } }
    }

    /// The search the options describe, over `defaults` (the saved search defaults on today):
    /// each option checked by its setting's rule, then the search as a whole, its day included.
    func query(defaults: DepartureQuery, today: LocalDate) throws -> DepartureQuery {
        var query = defaults
        for (option, key, text) in given {
            switch Settings.checkValue(key, text) {
            case .failure(let problem):
                // TRANSLATORS: %1$@ is an option (--adults), %2$@ what was given, %3$@ what is wrong with it.
                throw CommandFailure.BadValue(message: tr("%1$@ “%2$@”: %3$@").filled(option, text, problem.sentence))
            case .success(let value) where value.isEmpty:
                // TRANSLATORS: %1$@ is an option, such as --origin.
                throw CommandFailure.BadValue(message: tr("%1$@ needs a value").filled(option))
            case .success(let value):
                switch key {
                case .searchOrigin: query.origin = value
                case .searchDestination: query.destination = value
                case .searchAdults: query.adults = Int(value) ?? 0
                case .searchChildren: query.children = Int(value) ?? 0
                case .searchSeniors: query.seniors = Int(value) ?? 0
                case .searchCurrency: query.currency = value
                default: query.language = value
                }
            }
        }
        if let date { query.date = try Self.day(date) }
        if let problem = query.problem(today: today) { throw CommandFailure.BadValue(message: problem.sentence) }
        return query
    }

    /// The filters the options describe; `currency` is the search's, which --max-price is in.
    func filter(currency: String) throws -> DepartureFilter {
        func minute(_ option: String, _ text: String?) throws -> Int? {
            guard let text else { return nil }
            guard let minute = DepartureFilter.minuteOfDay(text) else {
                throw CommandFailure.BadValue(message: tr("%1$@: %2$@").filled(option, FilterWords.notAClockTime(text)))
            }
            return minute
        }
        var filter = DepartureFilter(operators: Set(operators))
        filter.departsAfter = try minute("--depart-after", departAfter)
        filter.departsBefore = try minute("--depart-before", departBefore)
        if let after = filter.departsAfter, after == filter.departsBefore {
            throw CommandFailure.BadValue(message: FilterWords.emptyWindow)
        }
        if let maxPrice {
            guard let cents = DepartureFilter.minorUnits(maxPrice, currency: currency) else {
                throw CommandFailure.BadValue(message: tr("%1$@: %2$@").filled("--max-price", FilterWords.notAPrice(maxPrice)))
            }
            filter.highestPrice = DepartureFilter.Price(minorUnits: cents, currency: currency)
        }
        for name in amenities {
            guard let amenity = DepartureFilter.Amenity(serviceName: name) else {
                throw CommandFailure.BadValue(message: tr("%1$@: %2$@").filled("--amenity", FilterWords.notAnAmenity(
                    name, known: DepartureFilter.Amenity.allCases.map(\.rawValue))))
            }
            filter.amenities.insert(amenity)
        }
        if let empty = operators.first(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw CommandFailure.BadValue(message: tr("--operator “%1$@”: needs an operator's name").filled(empty))
        }
        return filter
    }

    static func day(_ text: String) throws -> LocalDate {
        guard let day = LocalDate(text) else { throw ValidationError(tr("“%1$@” is not a date such as 2026-07-29").filled(text)) }
        return day
    }

    func validate() throws {
        if let date { _ = try Self.day(date) }
    }

    func run() async throws {
        let (runtime, services) = options.runtime(baseURLVariable: "TRIPBOARD_BUSBUD_URL")
        let today = runtime.today
        let query = try query(defaults: services.settings.searchDefaults(today: today), today: today)
        let chosen = try filter(currency: query.currency)
        let format = services.clockFormat ?? .twentyFourHour
        let last = await services.departures.result(for: query)
        // A search that failed before finding anything is a failure; one that found some prints them.
        if case .failed(let error) = last.phase, last.departures.isEmpty { throw error }
        // Everything unreadable is a failure, never "no departures".
        if last.departures.isEmpty, last.skipped > 0 {
            throw APIError.decoding(.nothingReadable(count: last.skipped, of: .departure, first: last.skipReason))
        }

        let found = last.departures.sorted { ($0.departure, $0.id) < ($1.departure, $1.id) }
        let filter = chosen.matchingOperators(of: DepartureFilter.operatorCounts(found))
        let departures = found.filter(filter.admits)
        let hidden = found.count - departures.count
        let hiddenSentence = filter.isActive ? FilterWords.hidden(hidden, of: found.count) : nil
        if options.json {
            // A search stopped by a failure nothing kept stands in for carries no provenance; its
            // pages arrived in this run, so they are as recent as the clock now.
            let received = ISO8601Instant.utcString(last.provenance?.received ?? runtime.now())
            Output.print(try JSONOutput.encode(departures.map { DepartureOutput($0, received: received) }))
        } else if departures.isEmpty {
            Output.print(!last.isValidRoute ? tr("No coaches run between these cities.")
                // TRANSLATORS: a sentence ended by its full stop: "All 12 departures are hidden by the filters."
                : hidden > 0 ? tr("%1$@.").filled(FilterWords.allHidden(found.count))
                : last.tooFewSeats > 0 ? Plural.counted(query.travellers, "No coach on this day has seats left for %ld traveller.",
                                                        "No coach on this day has seats left for %ld travellers.")
                : tr("No departures on this day."))
        } else {
            Output.print(table(departures, format: format))
        }
        // TRANSLATORS: joins what is said about a search on one line: "…found so far; 2 were hidden by the filters".
        let separator = tr("; ")
        let foundSoFar = ([Plural.counted(departures.count, "showing the %ld departure found so far", "showing the %ld departures found so far")]
            + [hiddenSentence, last.leftOutSentence].compactMap(\.self)).joined(separator: separator)
        switch last.phase {
        case .gaveUp:
            // TRANSLATORS: %1$@ says what is printed: "showing the 12 departures found so far".
            throw CommandFailure.Incomplete(message:
                tr("the search did not complete: the service was still looking when Tripboard stopped waiting; %1$@").filled(foundSoFar))
        case .failed(let error):
            // TRANSLATORS: %1$@ is why the search stopped, %2$@ what is printed: "showing the 12 departures found so far".
            throw CommandFailure.Incomplete(message: tr("the search stopped: %1$@; %2$@").filled(error.sentence, foundSoFar))
        case .searching, .complete:
            Output.say([last.provenance?.offlineLine(.departures, now: runtime.now(), format: services.clockFormat),
                        hiddenSentence, last.leftOutSentence])
        }
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
        return TextTable(header: [tr("DEPARTS"), tr("ARRIVES"), tr("DURATION"), trc("where a departure leaves from", "FROM"), tr("TO"),
                                  tr("OPERATOR"), tr("PRICE"), tr("SEATS")],
                         rows: rows, rightAligned: [2, 6, 7]).rendered
    }
}

/// A departure as `--json` prints it (field names are the contract in DESIGN.md).
struct DepartureOutput: Encodable {
    var id: String
    @Nullable var `operator`: String?
    @Nullable var origin: String?
    @Nullable var destination: String?
    var departure: String
    var arrival: String
    var duration_minutes: Int
    var arrives_next_day: Bool
    var price_cents: Int
    var currency: String
    @Nullable var available_seats: Int?
    var amenities: [String]
    /// When the search's answer arrived (for one kept from earlier, when it first came).
    var received: String

    /// `received` is written once for the search's every row.
    init(_ item: ResolvedDeparture, received: String) {
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
        self.received = received
    }
}

/// "0 to 20": a number setting's range, as the help says it.
private func span(_ key: SettingKey) -> String {
    // TRANSLATORS: a range of numbers: "0 to 20".
    tr("%1$ld to %2$ld").filled(key.range!.lowerBound, key.range!.upperBound)
}

import ArgumentParser
import Foundation
import TripCore
import TripViewModels
import TripWords
import TripWiring

/// `tripboard favourites`: the saved stops in order, with their next arrivals: the tab's rows.
struct FavouritesCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "favourites", abstract: tr("Print the saved favourite stops, in order, with their next arrivals."),
            discussion: tr("The stops saved in the window's Favourites tab, with their routes of interest. A stop whose service fails is still listed, and one stderr line says how many could not be refreshed. Example:") + examples(
                "tripboard favourites --json"))
    }

    @OptionGroup var options: CommonOptions

    @MainActor
    func run() async throws {
        let (runtime, services) = options.runtime(baseURLVariable: "TRIPBOARD_TFL_URL")
        let store = runtime.database
        let favourites = try await store.load()
        let now = runtime.now()
        // JSON keeps each place's habit (a stable contract); the table follows the Clock setting.
        let clock = options.json ? nil : services.clockFormat
        let outcomes = await ArrivalsFanOut.fetchAll(favourites.map(\.id), from: ArrivalsFanOut.byProvider(services.stops))
        var failures = 0
        var entries: [FavouriteOutput] = []
        for (favourite, outcome) in zip(favourites, outcomes) {
            var live = StopLive()
            switch outcome {
            case .success(let result):
                live.received(result, at: now)
            case .failure(let error):
                failures += 1
                live.failed(UserFacingError(error, service: favourite.stop.provider.serviceName))
            }
            entries.append(FavouriteOutput(favourite, live: live, now: now, clock: clock))
        }
        // Every stop failing is a failure, not a list of problems.
        if failures > 0, failures == favourites.count, case .failure(let error) = outcomes[0] { throw error }
        if options.json {
            Output.print(try JSONOutput.encode(entries))
        } else if entries.isEmpty {
            Output.print(tr("No favourite stops yet. Add some on the Favourites tab."))
        } else {
            Output.print(TextTable(header: [tr("STOP"), tr("NEXT")], rows: entries.map { [$0.title, $0.next] }).rendered)
            for entry in entries where !entry.notices.isEmpty {
                // TRANSLATORS: a stop's name, then the service's messages about it.
                Output.print(tr("%1$@: %2$@").filled(entry.title, entry.notices.joined(separator: " ")))
            }
        }
        let leftOut = outcomes.compactMap { try? $0.get().leftOut }.filter { $0.count > 0 }
        if failures > 0 {
            // TRANSLATORS: %1$ld stops failed out of %2$ld (always 2 or more); the form follows %1$ld.
            Output.say(trn("%1$ld of %2$ld stops could not be refreshed", "%1$ld of %2$ld stops could not be refreshed", failures)
                .filled(failures, favourites.count))
        } else if !leftOut.isEmpty {
            ArrivalsResult(arrivals: [], leftOut: LeftOut(count: leftOut.reduce(0) { $0 + $1.count },
                                                          reason: leftOut.first?.reason)).reportSkipped()
        }
    }
}

/// A favourite as `--json` prints it: the stop, its routes of interest and the row the tab shows.
struct FavouriteOutput: Encodable {
    var provider: String
    var id: String
    var name: String
    @Nullable var letter: String?
    var routes: [String]
    var title: String
    /// "73 · 2 min   390 · Due", as in the tab.
    var next: String
    var status: String
    /// The service's disruption and special-event messages for the routes of interest.
    var notices: [String]
    var arrivals: [ArrivalOutput]

    @MainActor
    init(_ favourite: Favourite, live: StopLive, now: Date, clock: ClockFormat?) {
        let row = FavouriteRow(favourite, live: live, now: now, isFirst: false, isLast: false, clock: clock)
        provider = favourite.stop.provider.id.rawValue
        id = favourite.stop.stopID
        name = favourite.stop.name
        letter = favourite.stop.letter
        routes = favourite.routes
        title = row.title
        next = row.arrivals.isEmpty ? row.status : row.arrivals
        status = row.status
        notices = row.notices.isEmpty ? [] : row.notices.components(separatedBy: "\n")
        arrivals = (live.arrivals?.arrivals ?? [])
            .filter { favourite.shows($0.line) && $0.seconds(from: now) >= 0 }
            .map { ArrivalOutput($0, now: now) }
    }
}

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
        // Stops with nothing to show (failed, or kept arrivals too old), and the first one's reason.
        var failures = 0
        var firstFailure: (any Error)?
        // When each stop shown from the cache had its answer.
        var keptSince: [Date] = []
        var entries: [FavouriteOutput] = []
        for (favourite, outcome) in zip(favourites, outcomes) {
            let service = favourite.stop.provider.serviceName
            var live = StopLive()
            var state: String?
            switch outcome {
            case .success(let result):
                guard case .kept(let received, let failure?)? = result.provenance else {
                    live.received(result, at: result.provenance?.received ?? now)
                    break
                }
                // Kept from earlier, the service out of reach: counted down as the tab counts it.
                let kept = KeptArrivals.at(now, kept: result, received: received)
                switch kept {
                case .estimated(let coming, _):
                    live.received(coming, at: received)
                    keptSince.append(received)
                case .noRecentData:
                    failures += 1
                    state = kept.sentence(format: clock ?? .twentyFourHour)
                    firstFailure = firstFailure ?? CommandFailure.Plain(message: ShownArrivals.tooOld(state ?? "", failure))
                }
                live.failed(UserFacingError(failure, service: service))
            case .failure(let error):
                failures += 1
                firstFailure = firstFailure ?? error
                live.failed(UserFacingError(error, service: service))
            }
            entries.append(FavouriteOutput(favourite, live: live, now: now, clock: clock, state: state))
        }
        // Every stop failing is a failure, not a list of problems.
        if failures > 0, failures == favourites.count, let firstFailure { throw firstFailure }
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
        // One line for every stop shown from the cache, naming the oldest answer among them: a
        // later time would pass the oldest stop's arrivals off as fresher than they are, and each
        // stop's own age is in its status.
        let offline = keptSince.min().map {
            Kept((), kind: .arrivals, received: $0).commandLineNotice(now: now, format: services.clockFormat ?? .twentyFourHour)
        }
        let leftOut = outcomes.compactMap { try? $0.get().leftOut }.filter { $0.count > 0 }
        if failures > 0 {
            // TRANSLATORS: %1$ld stops failed out of %2$ld (always 2 or more); the form follows %1$ld.
            Output.say([offline, trn("%1$ld of %2$ld stops could not be refreshed", "%1$ld of %2$ld stops could not be refreshed", failures)
                .filled(failures, favourites.count)])
        } else {
            Output.say([offline, LeftOut(count: leftOut.reduce(0) { $0 + $1.count }, reason: leftOut.first?.reason).sentence(.prediction)])
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
    /// When the answer its arrivals came in arrived (for one kept from earlier, when it first
    /// came); null when none is shown.
    @Nullable var received: String?

    /// - Parameter state: what the stop's row says instead of its arrivals ("No recent data since 14:05").
    @MainActor
    init(_ favourite: Favourite, live: StopLive, now: Date, clock: ClockFormat?, state: String? = nil) {
        let row = FavouriteRow(favourite, live: live, now: now, isFirst: false, isLast: false, clock: clock)
        provider = favourite.stop.provider.id.rawValue
        id = favourite.stop.stopID
        name = favourite.stop.name
        letter = favourite.stop.letter
        routes = favourite.routes
        title = row.title
        status = state ?? row.status
        next = row.arrivals.isEmpty ? status : row.arrivals
        notices = row.notices.isEmpty ? [] : row.notices.components(separatedBy: "\n")
        let received = live.fetchedAt
        arrivals = (live.arrivals?.arrivals ?? [])
            .filter { favourite.shows($0.line) && $0.seconds(from: now) >= 0 }
            .map { ArrivalOutput($0, now: now, received: received) }
        self.received = received.map(ISO8601Instant.utcString)
    }
}

import ArgumentParser
import Foundation
import TripCore
import TripViewModels
import TripWords
import TripWiring

/// `tripboard alert --stop ID --line LINE --within MIN [--timeout S]` (`--tram-stop ID` for a
/// tram): waits, on the window's alert rules and cycle, until that route's next arrival is within
/// MIN minutes, then prints it.
struct AlertCommand: AsyncParsableCommand {
    /// The status when `--timeout` passes first, as `timeout(1)` exits.
    static let timedOutStatus: Int32 = 124

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "alert",
            abstract: tr("Wait until a route's next bus or tram is within some minutes of a stop, then say so."),
            discussion: tr("Follows that route's next arrival as the window's alerts do: asked again at the refresh interval, and every 15 s in the last 3 minutes. When it is within --within minutes, prints one line (with --json, its arrival) and exits 0. Exits with one line on stderr and a non-zero status when the route does not call at the stop (at once), when the vehicle is no longer predicted, after 3 failed refreshes in a row, or when --timeout passes first (status 124). Examples:") + examples(
                "tripboard alert --stop 490000121D --line 73 --within 5 && notify-send \"Go\"",
                "tripboard alert --tram-stop 4055 --line 78 --within 10 --timeout 900 --json"))
    }

    @Option(help: ArgumentHelp(tr("The London stop's NaPTAN id, e.g. 490000121D (see `tripboard stops`).")))
    var stop: String?

    @Option(name: .customLong("tram-stop"), help: ArgumentHelp(tr("The TramTracker stop number, e.g. 4055, for a Melbourne tram instead.")))
    var tramStop: String?

    @Option(help: ArgumentHelp(tr("The route, e.g. 73.")))
    var line: String

    @Option(help: ArgumentHelp(tr("Say so when it is this many minutes away or less, 1 to 30.")))
    var within: Int

    @Option(help: ArgumentHelp(tr("Give up after this many seconds (status 124). Default: wait as long as it takes.")))
    var timeout: Int?

    @OptionGroup var options: CommonOptions

    func validate() throws {
        guard (stop == nil) != (tramStop == nil) else { throw ValidationError(tr("give exactly one of --stop ID or --tram-stop ID")) }
        if let stop, stop.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError(tr("--stop needs a stop id")) }
        if let tramStop, tramStop.isEmpty || !tramStop.allSatisfy(\.isNumber) {
            throw ValidationError(tr("--tram-stop needs a stop number such as 4055"))
        }
        if line.isEmpty || !line.allSatisfy({ $0.isLetter || $0.isNumber }) {
            throw ValidationError(tr("--line needs a route such as 73"))
        }
        guard Alert.minutesRange.contains(within) else {
            // TRANSLATORS: %1$ld and %2$ld are the fewest and most minutes: "1 to 30".
            throw ValidationError(tr("--within must be %1$ld to %2$ld minutes").filled(Alert.minutesRange.lowerBound, Alert.minutesRange.upperBound))
        }
        if let timeout, timeout < 1 { throw ValidationError(tr("--timeout must be 1 second or more")) }
    }

    @MainActor
    func run() async throws {
        // Never a kept answer: an alert follows a vehicle as it is predicted now, and one counted
        // down from an old answer would fire on a guess. A refresh the network fails is a failed
        // refresh (3 in a row end the alert); the answers that come are kept for other commands.
        let (runtime, services) = options.runtime(baseURLVariable: tramStop == nil ? "TRIPBOARD_TFL_URL" : "TRIPBOARD_TRAMTRACKER_URL",
                                                  offersKept: false)
        let client: any TransitClient = tramStop == nil ? services.tfl : services.keptTrams
        let (place, route) = try await Self.route(line, at: tramStop ?? stop ?? "", of: client)
        let model = AlertsViewModel(store: nil, services: [client], clock: ContinuousClock(), now: runtime.now,
                                    refreshInterval: services.settings.refreshInterval)
        let alert = Alert(stop: place, line: route, minutes: within, created: runtime.now())
        let (events, told) = AsyncStream.makeStream(of: AlertEvent.self)
        model.onEvent = { told.yield($0) }
        await model.add(alert)
        let event = await Self.first(of: events, within: timeout)
        model.stop()
        switch event {
        case nil:
            throw CommandFailure.TimedOut(message: AlertLine.timedOut(model.alerts.first ?? alert, seconds: timeout ?? 0))
        case .fired(let alert, let arrival)?:
            let now = runtime.now()
            // The answer the alert fired on is the stop's latest.
            let received = model.cycle.live[alert.stop.id]?.result?.provenance?.received
            if !options.json {
                Output.print(AlertLine.fired(alert, arrival, now: now, format: services.clockFormat))
            } else if tramStop != nil {
                Output.print(try JSONOutput.encode([TramOutput(arrival, now: now, received: received)]))
            } else {
                Output.print(try JSONOutput.encode([ArrivalOutput(arrival, now: now, received: received)]))
            }
        case let event?:
            throw CommandFailure.Plain(message: event.sentence(now: runtime.now()))
        }
    }

    /// The stop `id` and the route as it spells it (`line` case aside). Fails at once, before any
    /// waiting, when the service says the stop is unknown or the route does not call there. A
    /// service that cannot be asked now is left to the alert's refreshes (3 failures end it).
    static func route(_ line: String, at id: String, of client: any TransitClient) async throws -> (TransitStop, String) {
        let known: TransitStop?
        do {
            known = try await client.stop(id)
        } catch {
            return (TransitStop(provider: client.provider, stopID: id, name: id), line)
        }
        let place = known ?? TransitStop(provider: client.provider, stopID: id, name: id)
        var served = place.lines
        if known == nil || served.isEmpty {
            // A stop the service could not name, or without its routes: its arrivals say (and an
            // unknown stop fails here).
            served += try await client.arrivals(at: id).arrivals.map(\.line)
        }
        guard let route = served.first(where: { $0.caseInsensitiveCompare(line) == .orderedSame }) else {
            throw CommandFailure.Plain(message: AlertLine.noRoute(line, at: place))
        }
        return (place, route)
    }

    /// The first of `events`, or nil when `seconds` pass first (never, without a limit).
    static func first(of events: AsyncStream<AlertEvent>, within seconds: Int?) async -> AlertEvent? {
        await withTaskGroup(of: AlertEvent?.self) { group in
            group.addTask {
                for await event in events { return event }
                return nil
            }
            if let seconds {
                group.addTask {
                    try? await Task.sleep(for: .seconds(seconds))
                    return nil
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

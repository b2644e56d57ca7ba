import ArgumentParser
import Foundation
import TripCore
import TripWords
import TripWiring

/// Options every subcommand that asks a service takes.
struct CommonOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(tr("Print one JSON array instead of a table (field names as in the README; times in UTC ISO 8601).")))
    var json = false

    @Option(name: .customLong("base-url"),
            help: ArgumentHelp(tr("An http(s) address for the service, instead of the demo or its live address; overrides its *.url setting and TRIPBOARD_*_URL.")),
            transform: CommonOptions.url)
    var baseURL: URL?

    @Option(help: ArgumentHelp(tr("Pretend it is this moment, ISO 8601 with a zone (2026-11-22T09:00:00Z), for reproducible output. Default: TRIPBOARD_NOW, else the clock.")),
            transform: CommonOptions.date)
    var now: Date?

    @Flag(help: ArgumentHelp(tr("Refuse answers kept from earlier: when the service cannot be reached, fail instead of printing the last answer it gave.")))
    var fresh = false

    /// The process environment, with `--base-url` put where the service's variable would be, so the
    /// option and the variable behave the same.
    func environment(baseURLVariable: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let baseURL { environment[baseURLVariable] = baseURL.absoluteString }
        return environment
    }

    /// This run's folders, database, clock (`--now`, else `TRIPBOARD_NOW`) and settings, with
    /// `--base-url` in force for the service whose variable is `baseURLVariable`. Warnings about
    /// how they were read go to stderr. The clients offer kept answers in place of a network
    /// failure unless `--fresh` (or `offersKept` false) refuses them; fresh answers are kept either way.
    func runtime(baseURLVariable: String, offersKept: Bool = true) -> (runtime: Runtime, services: Clients) {
        let runtime = Runtime(environment: environment(baseURLVariable: baseURLVariable), pinned: now)
        let (settings, _, notice) = runtime.settingsNow()
        for warning in runtime.warnings + [notice].compactMap(\.self) {
            Output.say(warning)
        }
        return (runtime, Clients(settings: settings, runtime: runtime, offersKept: offersKept && !fresh))
    }

    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw ValidationError(tr("“%1$@” is not an http or https address").filled(text))
        }
        return url
    }

    /// The one reading of a moment, `TRIPBOARD_NOW`'s too: one without a zone, or one that does not
    /// exist (30 February, 25:00), is refused, never guessed or rolled over into another.
    static func date(_ text: String) throws -> Date {
        do {
            return try ISO8601Instant.moment(text)
        } catch {
            throw ValidationError(error.sentence(text))
        }
    }
}

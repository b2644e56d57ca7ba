import ArgumentParser
import Dispatch
import Foundation
import TripApp
import TripCore
import TripWiring
import TripWords

/// `tripboard` alone opens the window; with a subcommand it prints what the window would show.
@main
enum Entry {
    /// Stays synchronous: GTK must own the main thread, and an async `main` would move work off it.
    static func main() {
        // Before any task: tasks on no actor run on Tripboard's own threads, which sleep when idle.
        TaskThreads.install()
        MainActor.assumeIsolated { StartupLog.mark("main") }
        FreedMemory.limitArenas()
        // Standard streams a caller closed are filled first, before any file is opened: the
        // lowest free descriptor would otherwise go to the next file opened (the database read
        // for the language), and output written to it would land there.
        Output.prepare()
        // The language next, before anything prints or the window starts.
        Translation.start(localeDirectory: Translation.localeDirectory(),
                          language: Runtime.chosenLanguage(environment: ProcessInfo.processInfo.environment))
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `--json` never changes with the language: its worded fields stay English.
        if arguments.contains("--json") { Translation.speakEnglish() }
        if arguments.isEmpty {
            exit(MainActor.assumeIsolated { TripboardApp.run() })
        }
        // `tripboard --tab search`: the window, on that tab (a running window comes forward on it).
        if arguments[0] == "--tab" || arguments[0].hasPrefix("--tab=") {
            let value = arguments[0] == "--tab" ? arguments.dropFirst() : [String(arguments[0].dropFirst(6))]
            guard value.count == 1, let tab = value.first.flatMap(Tab.init(rawValue:)) else {
                let names = Tab.allCases.map(\.rawValue).joined(separator: ", ")
                // TRANSLATORS: %1$@ lists the tabs' names as typed: "deals, search, favourites, settings".
                Output.say(tr("--tab takes one of %1$@").filled(names))
                Output.exit(64)
            }
            exit(MainActor.assumeIsolated { TripboardApp.run(tab: tab) })
        }
        FreedMemory.keepForReuse()
        let command: any ParsableCommand
        do {
            command = try Tripboard.parseAsRoot(arguments)
        } catch {
            if Tripboard.exitCode(for: error) == .success { printHelp(for: error) }
            // A mistake is said on one line, like any failure, then the usage of the command it was
            // made in and where its help is.
            Output.say(ParserWords.translated(Tripboard.message(for: error)))
            Output.sayMore(Tripboard.fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
                .drop { !$0.hasPrefix("Usage:") }.filter { !$0.isEmpty })
            Output.exit(Tripboard.exitCode(for: error).rawValue)
        }
        guard let asyncCommand = command as? any AsyncParsableCommand else {
            var command = command
            do { try command.run() } catch { fail(with: error) }
            Output.exit(0)
        }
        nonisolated(unsafe) var running = asyncCommand
        Task {
            do {
                try await running.run()
                Output.exit(0)
            } catch {
                fail(with: error)
            }
        }
        dispatchMain()
    }
}

extension Entry {
    /// Help asked for (`-h`, `help settings set`) prints in full, status 0.
    static func printHelp(for error: any Error) -> Never {
        Output.print(Tripboard.fullMessage(for: error))
        Output.exit(0)
    }

    /// A subcommand's failure as one line; help asked for in a way only a command's run sees
    /// (ArgumentParser's own help command) still prints as help.
    static func fail(with error: any Error) -> Never {
        if Tripboard.exitCode(for: error) == .success { printHelp(for: error) }
        CommandFailure.exit(with: error)
    }
}

/// The root command: lists the subcommands in `--help`.
struct Tripboard: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "tripboard",
            abstract: tr("Tripboard: holiday deals, coach departures and the next buses and trams, in a window or here."),
            discussion: tr("Without a subcommand, opens the window. `tripboard --tab deals|search|favourites|settings` opens it on that tab; when Tripboard already runs, its window comes forward on that tab instead.") + "\n\n"
                + tr("Every subcommand prints what the window shows, from the built-in demo service unless Settings (or TRIPBOARD_*_URL) choose a live one. Examples:") + examples(
                "tripboard departures --origin \"New York\" --destination Montréal \\",
                "    --date 2026-12-18",
                "tripboard stops --search \"Oxford Circus\"",
                "tripboard help departures"),
            version: "tripboard \(AppVersion.current)",
            subcommands: [DealsCommand.self, DeparturesCommand.self, ArrivalsCommand.self, TramsCommand.self, StopsCommand.self,
                          AlertCommand.self, FavouritesCommand.self, SettingsCommand.self, ServeDemoCommand.self])
    }
}

import ArgumentParser
import Foundation
import TripCore
import TripWords
import TripWiring

/// `tripboard settings`: the settings in force and where each comes from; `settings set` changes one.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Print the settings in force, change one (`settings set KEY VALUE`) or put its default back "
            + "(`settings clear KEY`).",
        discussion: """
            Settings are the ones of the Settings tab, kept in the data folder (TRIPBOARD_DATA_DIR); \
            a TRIPBOARD_* variable wins over a saved value while it is set. Examples:
              tripboard settings
              tripboard settings set favourites.refresh_seconds 60
              tripboard settings set busbud.token - < token.txt
              tripboard settings clear busbud.token
            """,
        subcommands: [ShowSettings.self, SetSetting.self, ClearSetting.self], defaultSubcommand: ShowSettings.self)
}

/// `tripboard settings [--json]`: every setting, its value (credentials masked) and its origin.
struct ShowSettings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print every setting, its value (credentials masked) and where it comes from.",
        discussion: """
            FROM is default, saved, or the environment variable in force. Example:
              tripboard settings show --json
            """)

    @Flag(help: "Print one JSON array instead of a table.")
    var json = false

    func run() throws {
        let runtime = Runtime(environment: ProcessInfo.processInfo.environment)
        let (settings, _, notice) = runtime.settingsNow()
        if let notice { Output.say(notice) }
        let entries = settings.keys.map { SettingEntry($0, settings: settings) }
        if json {
            Output.print(try JSONOutput.encode(entries))
        } else {
            Output.print(TextTable(header: ["KEY", "VALUE", "FROM"], rows: entries.map {
                [$0.key, $0.value.isEmpty ? "—" : $0.value, $0.variable.map { "environment (\($0))" } ?? $0.origin]
            }).rendered)
        }
    }
}

/// `tripboard settings set KEY VALUE`: checked as the Settings tab checks it, then saved.
struct SetSetting: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change one setting, checked as the Settings tab checks it. An empty VALUE puts a plain setting's "
            + "default back; VALUE - reads it from standard input's first line (for credentials, kept out of the "
            + "shell's history). A credential is never emptied here: `settings clear KEY` does that.",
        discussion: """
            Examples:
              tripboard settings set clock 12
              tripboard settings set search.origin Toronto
              tripboard settings set busbud.token - < token.txt
            """)

    @Argument(help: "The setting's key, as `tripboard settings` lists them.")
    var key: String
    // "-" and values such as "-5" are values, not options.
    @Argument(parsing: .allUnrecognized,
              help: "The new value, as the Settings tab takes it; empty for a plain setting's default; - to read one line from standard input.")
    var value: [String] = []

    func run() async throws {
        let setting = try SettingChange.key(key)
        guard value.count == 1 else {
            throw ValidationError(value.isEmpty ? "settings set \(key) needs a value (- reads it from standard input)"
                                                : "settings set \(key) takes one value; quote a value with spaces")
        }
        let text: String
        if value[0] == "-" {
            guard let line = readLine(strippingNewline: true) else {
                throw CommandFailure.BadValue(message: "\(key): standard input ended before a line was read; "
                    + "nothing was changed")
            }
            text = line
        } else {
            text = value[0]
        }
        if setting.isCredential, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw CommandFailure.BadValue(message: "\(key): the value is empty; nothing was changed "
                + "(`tripboard settings clear \(key)` removes it)")
        }
        try await SettingChange.save(setting, text)
    }
}

/// `tripboard settings clear KEY`: puts a setting's default back, and removes a saved credential.
struct ClearSetting: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Put a setting's default back; for a credential, remove the saved one.",
        discussion: """
            Example:
              tripboard settings clear clock
            """)

    @Argument(help: "The setting's key, as `tripboard settings` lists them.")
    var key: String

    func run() async throws {
        let setting = try SettingChange.key(key)
        try await SettingChange.save(setting, setting.defaultValue)
    }
}

/// What `settings set` and `settings clear` share: the key read, the change checked, saved, and said.
enum SettingChange {
    static func key(_ name: String) throws -> SettingKey {
        let registry = ServiceRegistry.standard
        guard let setting = registry.key(named: name) else {
            throw CommandFailure.BadValue(message: "“\(name)” is not a setting; the settings are "
                + registry.settingKeys.map(\.rawValue).joined(separator: ", "))
        }
        return setting
    }

    /// Checks `text` for `setting` against the settings in force, saves it, then prints what is
    /// now in force; empty text puts the default back.
    static func save(_ setting: SettingKey, _ text: String) async throws {
        let runtime = Runtime(environment: ProcessInfo.processInfo.environment)
        let (settings, _, notice) = runtime.settingsNow()
        if let notice { Output.say(notice) }
        switch settings.check(setting, text) {
        case .failure(let problem):
            throw CommandFailure.BadValue(message: "\(setting.rawValue): \(problem.sentence)")
        case .success(let checked):
            let kept = setting.stored(checked)
            try await runtime.settingsStore.saveSetting(setting, kept)
            var after = settings
            after.saved[setting] = kept
            let shown = after.shown(setting)
            Output.print("\(setting.rawValue) = \(shown.isEmpty ? "(none)" : shown)" + (kept == nil ? " (the default)" : ""))
            if after.origin(setting) == .environment,
               let name = after.variableInForce(setting) {
                Output.say("saved, but \(name) is set and wins while it is")
            }
        }
    }
}


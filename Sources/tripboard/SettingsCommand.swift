import ArgumentParser
import Foundation
import TripCore
import TripWords
import TripWiring

/// `tripboard settings`: the settings in force and where each comes from; `settings set` changes one.
struct SettingsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "settings", abstract: tr("Print the settings in force, change one (`settings set KEY VALUE`) or put its default back (`settings clear KEY`)."),
            discussion: tr("Settings are the ones of the Settings tab, kept in the data folder (TRIPBOARD_DATA_DIR); a TRIPBOARD_* variable wins over a saved value while it is set. Examples:") + examples(
                "tripboard settings",
                "tripboard settings set favourites.refresh_seconds 60",
                "tripboard settings set busbud.token - < token.txt",
                "tripboard settings clear busbud.token"),
            subcommands: [ShowSettings.self, SetSetting.self, ClearSetting.self], defaultSubcommand: ShowSettings.self)
    }
}

/// `tripboard settings [--json]`: every setting, its value (credentials masked) and its origin.
struct ShowSettings: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show", abstract: tr("Print every setting, its value (credentials masked) and where it comes from."),
            discussion: tr("FROM is default, saved, or the environment variable in force. Example:") + examples(
                "tripboard settings show --json"))
    }

    @Flag(help: ArgumentHelp(tr("Print one JSON array instead of a table.")))
    var json = false

    func run() throws {
        let runtime = Runtime(environment: ProcessInfo.processInfo.environment)
        let (settings, _, notice) = runtime.settingsNow()
        if let notice { Output.say(notice) }
        let entries = settings.keys.map { SettingEntry($0, settings: settings) }
        if json {
            Output.print(try JSONOutput.encode(entries))
        } else {
            Output.print(TextTable(header: [tr("KEY"), tr("VALUE"), trc("where a setting comes from", "FROM")], rows: entries.map {
                [$0.key, $0.value.isEmpty ? "—" : $0.value, Self.origin($0)]
            }).rendered)
        }
    }

    /// Where a setting's value comes from, as the table's FROM says it: "default", "saved" or
    /// "environment (TRIPBOARD_CLOCK)" (`--json` keeps the plain "default", "saved", "environment").
    private static func origin(_ entry: SettingEntry) -> String {
        if let variable = entry.variable {
            // TRANSLATORS: where a setting's value comes from: the environment variable %1$@.
            return tr("environment (%1$@)").filled(variable)
        }
        switch entry.origin {
        // TRANSLATORS: where a setting's value comes from: its default.
        case "default": return trc("setting's origin", "default")
        // TRANSLATORS: where a setting's value comes from: saved in the data folder.
        case "saved": return trc("setting's origin", "saved")
        default: return entry.origin
        }
    }
}

/// `tripboard settings set KEY VALUE`: checked as the Settings tab checks it, then saved.
struct SetSetting: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "set",
            abstract: tr("Change one setting, checked as the Settings tab checks it. An empty VALUE puts a plain setting's default back; VALUE - reads it from standard input's first line (for credentials, kept out of the shell's history). A credential is never emptied here: `settings clear KEY` does that."),
            discussion: tr("Examples:") + examples(
                "tripboard settings set clock 12",
                "tripboard settings set search.origin Toronto",
                "tripboard settings set busbud.token - < token.txt"))
    }

    @Argument(help: ArgumentHelp(tr("The setting's key, as `tripboard settings` lists them.")))
    var key: String
    // "-" and values such as "-5" are values, not options.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp(tr("The new value, as the Settings tab takes it; empty for a plain setting's default; - to read one line from standard input.")))
    var value: [String] = []

    func run() async throws {
        let setting = try SettingChange.key(key)
        guard value.count == 1 else {
            throw ValidationError(value.isEmpty ? tr("settings set %1$@ needs a value (- reads it from standard input)").filled(key)
                                                : tr("settings set %1$@ takes one value; quote a value with spaces").filled(key))
        }
        let text: String
        if value[0] == "-" {
            guard let line = readLine(strippingNewline: true) else {
                throw CommandFailure.BadValue(message: tr("%1$@: standard input ended before a line was read; nothing was changed")
                    .filled(key))
            }
            text = line
        } else {
            text = value[0]
        }
        if setting.isCredential, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            // TRANSLATORS: %1$@ is a setting's key, such as busbud.token.
            throw CommandFailure.BadValue(message: tr("%1$@: the value is empty; nothing was changed (`tripboard settings clear %1$@` removes it)")
                .filled(key))
        }
        try await SettingChange.save(setting, text)
    }
}

/// `tripboard settings clear KEY`: puts a setting's default back, and removes a saved credential.
struct ClearSetting: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "clear",
            abstract: tr("Put a setting's default back; for a credential, remove the saved one."),
            discussion: tr("Example:") + examples(
                "tripboard settings clear clock"))
    }

    @Argument(help: ArgumentHelp(tr("The setting's key, as `tripboard settings` lists them.")))
    var key: String

    func run() async throws {
        let setting = try SettingChange.key(key)
        try await SettingChange.save(setting, nil)
    }
}

/// What `settings set` and `settings clear` share: the key read, the change checked, saved, and said.
enum SettingChange {
    static func key(_ name: String) throws -> SettingKey {
        let registry = ServiceRegistry.standard
        guard let setting = registry.key(named: name) else {
            // TRANSLATORS: %1$@ is what was typed, %2$@ the list of setting keys.
            throw CommandFailure.BadValue(message: tr("“%1$@” is not a setting; the settings are %2$@")
                .filled(name, registry.settingKeys.map(\.rawValue).joined(separator: ", ")))
        }
        return setting
    }

    /// Checks `text` for `setting` against the settings in force, saves it, then prints what is
    /// now in force; empty text or nil puts the default back.
    static func save(_ setting: SettingKey, _ text: String?) async throws {
        let runtime = Runtime(environment: ProcessInfo.processInfo.environment)
        let (settings, _, notice) = runtime.settingsNow()
        if let notice { Output.say(notice) }
        switch settings.check(setting, text ?? settings.defaultValue(setting)) {
        case .failure(let problem):
            // TRANSLATORS: %1$@ is a setting's key, %2$@ what is wrong with the value.
            throw CommandFailure.BadValue(message: tr("%1$@: %2$@").filled(setting.rawValue, problem.sentence))
        case .success(let checked):
            let kept = settings.stored(setting, checked)
            try await runtime.settingsStore.saveSetting(setting, kept)
            var after = settings
            after.saved[setting] = kept
            let shown = after.shown(setting)
            let value = shown.isEmpty ? tr("(none)") : shown
            // TRANSLATORS: a setting just saved: "clock = 12"; the second form when it is the default again.
            Output.print(kept == nil ? tr("%1$@ = %2$@ (the default)").filled(setting.rawValue, value)
                                     : tr("%1$@ = %2$@").filled(setting.rawValue, value))
            if after.origin(setting) == .environment,
               let name = after.variableInForce(setting) {
                // TRANSLATORS: %1$@ is an environment variable, such as TRIPBOARD_CLOCK.
                Output.say(tr("saved, but %1$@ is set and wins while it is").filled(name))
            }
        }
    }
}


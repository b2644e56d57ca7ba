import ArgumentParser
import Foundation
import TripApp
import TripCore

/// `tripboard settings`: the settings in force and where each comes from; `settings set` changes one.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings", abstract: "Print the settings in force, or change one (`settings set KEY VALUE`).",
        subcommands: [ShowSettings.self, SetSetting.self], defaultSubcommand: ShowSettings.self)
}

/// `tripboard settings [--json]`: every setting, its value (credentials masked) and its origin.
struct ShowSettings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print every setting, its value (credentials masked) and where it comes from.")

    @Flag(help: "Print one JSON array instead of a table.")
    var json = false

    func run() throws {
        let runtime = Runtime(environment: ProcessInfo.processInfo.environment)
        let (settings, _, notice) = runtime.settingsNow()
        if let notice { FileHandle.standardError.write(Data("tripboard: \(notice)\n".utf8)) }
        let entries = SettingKey.allCases.map { SettingOutput($0, settings: settings) }
        if json {
            print(try JSONOutput.encode(entries))
        } else {
            print(TextTable(header: ["KEY", "VALUE", "FROM"], rows: entries.map {
                [$0.key, $0.value.isEmpty ? "—" : $0.value, $0.variable.map { "environment (\($0))" } ?? $0.origin]
            }).rendered)
        }
    }
}

/// `tripboard settings set KEY VALUE`: checked as the Settings tab checks it, then saved.
struct SetSetting: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change one setting, checked as the Settings tab checks it. An empty VALUE puts the default back; "
            + "VALUE - reads it from standard input (for credentials, kept out of the shell's history).")

    @Argument(help: "The setting's key, as `tripboard settings` lists them.")
    var key: String
    @Argument(help: "The new value.")
    var value: String

    func run() async throws {
        guard let setting = SettingKey(rawValue: key) else {
            throw CommandFailure.BadValue(message: "“\(key)” is not a setting; the settings are "
                + SettingKey.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let text = value == "-" ? (readLine(strippingNewline: true) ?? "") : value
        let runtime = Runtime(environment: ProcessInfo.processInfo.environment)
        let (settings, _, notice) = runtime.settingsNow()
        if let notice { FileHandle.standardError.write(Data("tripboard: \(notice)\n".utf8)) }
        switch settings.check(setting, text) {
        case .failure(let problem):
            throw CommandFailure.BadValue(message: "\(setting.rawValue): \(problem.message)")
        case .success(let checked):
            let kept = setting.stored(checked)
            try await runtime.settingsStore.saveSetting(setting, kept)
            var after = settings
            after.saved[setting] = kept
            let shown = after.shown(setting)
            print("\(setting.rawValue) = \(shown.isEmpty ? "(none)" : shown)" + (kept == nil ? " (the default)" : ""))
            if after.origin(setting) == .environment, let name = setting.environmentVariable ?? setting.service?.urlKey.environmentVariable {
                FileHandle.standardError.write(Data("tripboard: saved, but \(name) is set and wins while it is\n".utf8))
            }
        }
    }
}

/// A setting as `settings --json` prints it.
struct SettingOutput: Encodable {
    var key: String
    /// Credentials masked ("••••••••abcd"); everything else as it is.
    var value: String
    /// "default", "saved" or "environment".
    var origin: String
    /// The variable in force, when the origin is the environment.
    var variable: String?

    init(_ key: SettingKey, settings: Settings) {
        self.key = key.rawValue
        value = settings.shown(key)
        origin = settings.origin(key).rawValue
        variable = origin == SettingOrigin.environment.rawValue
            ? key.environmentVariable ?? key.service?.urlKey.environmentVariable : nil
    }
}

import Foundation
import TripCore
import TripWords
import TripViewModels
import TripDemo
import TripLive

/// What a run of Tripboard opens once: its folders and database, the settings kept there, the one
/// HTTP transport (the built-in demo's address goes to the demo in-process, every other to the
/// network; GETs that can succeed on a second try are tried again) and the picture cache on it.
public final class Runtime: Sendable {
    public let environment: [String: String]
    /// The services of this run: their settings, clients and demos.
    public let registry: ServiceRegistry
    public let directories: AppDirectories
    /// The database (favourites, kept tokens, settings), opened on first use.
    public let database: LazySQLiteStore
    public let settingsStore: LocalSettingsStore
    public let transport: any HTTPTransport
    /// How long each try of a request may take: the Time limit setting, put in force by `Clients`.
    public let timeLimit: TimeLimit
    public let images: any ImageSource
    public let cache: CacheFolder
    /// The last good answer of each request, kept in the cache folder for when the network is gone.
    public let answers: AnswerCache
    /// The app's clock: the real one, or the moment `TRIPBOARD_NOW` (or `--now`) pins.
    public let now: @Sendable () -> Date
    /// How long Undo is offered after a favourite is removed: `TRIPBOARD_UNDO_SECONDS`, else the
    /// usual time. The window tests set it long: they find Undo by walking the accessibility tree,
    /// which a busy machine makes slow.
    public let undoWindow: Duration
    /// Variables that could not be read and were ignored (`TRIPBOARD_NOW`, `TRIPBOARD_DEMO_FAULTS`,
    /// `TRIPBOARD_UNDO_SECONDS`), in words.
    public let warnings: [String]
    /// The seconds `TRIPBOARD_UNDO_SECONDS` may give.
    static let undoSeconds = 1...3600

    /// - Parameters:
    ///   - pinned: a moment that wins over `TRIPBOARD_NOW` (the command line's `--now`).
    ///   - keepsUnsavedChanges: what a save does when the data folder cannot keep it: the window
    ///     keeps it for the session (and says so once); a command, which ends at once, refuses it.
    ///   - registry, simulators: the services, and their parts of the built-in demo.
    public init(environment: [String: String], pinned: Date? = nil, keepsUnsavedChanges: Bool = false,
                registry: ServiceRegistry = .standard, simulators: [any DemoSimulator] = DemoService.standardSimulators) {
        self.environment = environment
        self.registry = registry
        var moment = pinned
        var problem: String?
        if moment == nil, let text = environment["TRIPBOARD_NOW"], !text.isEmpty {
            do {
                moment = try ISO8601Instant.moment(text)
            } catch {
                // TRANSLATORS: %1$@ says why the variable's value is not a moment.
                problem = tr("TRIPBOARD_NOW %1$@; using the real clock").filled(error.sentence(text))
            }
        }
        let fixed = moment
        now = { fixed ?? Date() }
        var warnings = [problem].compactMap(\.self)
        var faults = FaultPlan()
        if let spec = environment["TRIPBOARD_DEMO_FAULTS"], !spec.isEmpty {
            do {
                faults = try FaultPlan(spec: spec, routes: simulators.flatMap(\.routes))
            } catch {
                // TRANSLATORS: %1$@ says why the variable's fault spec was refused.
                warnings.append(tr("TRIPBOARD_DEMO_FAULTS: %1$@; the built-in demo runs without faults").filled(error.sentence))
            }
        }
        var undoWindow = FavouriteList.undoWindow
        if let text = environment["TRIPBOARD_UNDO_SECONDS"], !text.isEmpty {
            if let seconds = Int(text), Self.undoSeconds.contains(seconds) {
                undoWindow = .seconds(seconds)
            } else {
                // TRANSLATORS: %1$@ is the variable's value, %2$ld and %3$ld the fewest and most seconds it may give.
                warnings.append(tr("TRIPBOARD_UNDO_SECONDS “%1$@” is not a whole number of seconds from %2$ld to %3$ld; Undo is offered for the usual time")
                    .filled(text, Self.undoSeconds.lowerBound, Self.undoSeconds.upperBound))
            }
        }
        self.undoWindow = undoWindow
        self.warnings = warnings
        directories = AppDirectories(environment: environment)
        database = LazySQLiteStore(directory: directories.data, whenUnsaved: keepsUnsavedChanges ? .keepInMemory : .refuse,
                                   registry: registry)
        settingsStore = LocalSettingsStore(database: database, directory: directories.data) { StandardStreams.say($0.sentence) }
        timeLimit = TimeLimit(Settings().timeLimit)
        transport = RetryingTransport(RoutingTransport(demo: DemoTransport(service: DemoService(faults: faults, now: now, simulators: simulators))),
                                      timeLimit: timeLimit)
        cache = CacheFolder(directory: directories.cache)
        answers = AnswerCache(cacheFolder: directories.cache)
        images = ImageCache(transport: transport, directory: directories.cache.appendingPathComponent("images", isDirectory: true))
    }

    /// The settings in force now: what is saved, under the environment; how the window was left;
    /// and any notice about reading them.
    public func settingsNow() -> (settings: Settings, window: WindowState, notice: String?) {
        let loaded = settingsStore.loadNow(registry: registry)
        return (Settings(saved: loaded.saved, environment: environment, registry: registry, interfaceLanguage: Translation.spokenLanguage),
                loaded.window,
                StoreNotice.paragraph(loaded.notices))
    }

    /// The interface language the person chose in Settings over the desktop's ("fr", "en"), read
    /// before anything is shown; nil to follow the desktop (or when nothing can be read).
    public static func chosenLanguage(environment: [String: String]) -> String? {
        let saved = SQLiteStore.peekSetting(SettingKey.language.rawValue, in: AppDirectories(environment: environment).data)
        return saved.flatMap(InterfaceLanguage.init(rawValue:)).flatMap { $0 == .system ? nil : $0.rawValue }
    }

    /// Today in this machine's zone, by the app's clock.
    public var today: LocalDate { LocalDate(now(), in: .current) }
}

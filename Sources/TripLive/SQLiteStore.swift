import Foundation
import GRDB
import TripCore

/// The favourites, alerts, and small kept values such as device tokens, in an SQLite database
/// (`tripboard.sqlite` in the data folder), through GRDB.
///
/// The database is in WAL mode with a busy timeout, and every write is an IMMEDIATE transaction
/// on the one writer queue of this process: the window and a command (or two commands) writing at
/// once wait for each other instead of failing, and readers never wait for writers. Every save is
/// one transaction synced to disk before it returns (`synchronous = FULL`), so a process killed at
/// any moment leaves the last committed state. A file that cannot be read is moved aside, never
/// deleted; a file from a newer version is left untouched.
///
/// Its calls are `async`, so they run on the worker pool, never on the main thread, and they use
/// the database there with GRDB's blocking calls (as opening it does). GRDB's own `async` calls
/// would run each on its dispatch queue instead: the first such job starts libdispatch's worker
/// threads and its manager thread's once-a-second timer, which the pool otherwise never needs.
public final class SQLiteStore: FavouritesStore, AlertsStore, ValueStore {
    public static let fileName = "tripboard.sqlite"

    /// What a store that cannot keep changes does with a write.
    public enum WhenUnsaved: Sendable {
        /// Keeps it in memory until the process ends (the window, which said so once).
        case keepInMemory
        /// Refuses it with the reason (a command, which ends at once: memory would keep nothing).
        case refuse
    }

    private let database: any DatabaseWriter
    /// Where the database lives; nil when only in memory because the file cannot be written.
    public let location: URL?
    /// Why writes are refused, when they are (a store in memory opened for a command).
    private let refusal: InMemoryReason?
    /// The services whose stops the favourites are; a row of any other is kept but not shown.
    private let registry: ServiceRegistry

    private init(database: any DatabaseWriter, location: URL?, refusal: InMemoryReason? = nil, registry: ServiceRegistry = .standard) {
        self.database = database
        self.location = location
        self.refusal = refusal
        self.registry = registry
    }

    /// How long one write waits for another process's write to finish before trying again (the
    /// default of `open`), and how many times it tries.
    public static let busyTimeout: TimeInterval = 5
    static let writeAttempts = 3

    /// The store in `directory`, and what the person must be told about how it was opened (a
    /// damaged file moved aside, a folder that cannot be written, a newer version's file), if anything.
    ///
    /// Throws only when another process keeps the database busy past every wait (nothing is
    /// changed then: the next use tries again), or when not even a store in memory can be made.
    public static func open(in directory: URL, now: Date = Date(), whenUnsaved: WhenUnsaved = .keepInMemory,
                            busyTimeout: TimeInterval = busyTimeout,
                            registry: ServiceRegistry = .standard) throws(StoreError) -> (store: SQLiteStore, notice: StoreNotice?) {
        let opened = try openStore(in: directory, now: now, whenUnsaved: whenUnsaved, busyTimeout: busyTimeout)
        let store = opened.store
        return (SQLiteStore(database: store.database, location: store.location, refusal: store.refusal, registry: registry),
                opened.notice)
    }

    private static func openStore(in directory: URL, now: Date, whenUnsaved: WhenUnsaved,
                                  busyTimeout: TimeInterval) throws(StoreError) -> (store: SQLiteStore, notice: StoreNotice?) {
        let configuration = configuration(busyTimeout: busyTimeout)
        let file = directory.appendingPathComponent(fileName)
        do {
            return try FolderLock.holding(directory) { () throws -> (store: SQLiteStore, notice: StoreNotice?) in
                do {
                    return (try openFile(file, configuration), nil)
                } catch OpenFailure.unreadable(let why) {
                    let aside = directory.appendingPathComponent("\(fileName).unreadable-\(stamp(now))")
                    do {
                        try FileManager.default.moveItem(at: file, to: aside)
                        for suffix in ["-journal", "-wal", "-shm"] {
                            try? FileManager.default.moveItem(atPath: file.path + suffix, toPath: aside.path + suffix)
                        }
                        return (try openFile(file, configuration), .movedAside(why, file: aside.lastPathComponent))
                    } catch {
                        return try inMemory(copying: nil, reason: .unreadableNotMoved(why, moving: failure(error)), configuration,
                                            whenUnsaved: whenUnsaved)
                    }
                } catch OpenFailure.newer {
                    return try inMemory(copying: file, reason: .newerVersion, configuration, whenUnsaved: whenUnsaved)
                } catch let error as DatabaseError where isBusy(error) {
                    throw error
                } catch {
                    // The folder or file cannot be written: keep what can be read (favourites,
                    // settings, kept tokens), in memory.
                    return try inMemory(copying: file, reason: .folderNotWritable(folder: directory.path, why: failure(error)),
                                        configuration, whenUnsaved: whenUnsaved)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .failed(.open, failure(error))
        }
    }

    public func load() async throws(StoreError) -> [Favourite] {
        do {
            return try read { try Self.favourites($0, registry: registry) }
        } catch {
            throw .failed(.readFavourites, Self.failure(error))
        }
    }

    public func save(_ favourites: [Favourite]) async throws(StoreError) {
        do {
            try write { db in
                // Rows of a provider this version does not know (written by a newer one) are kept.
                let known = registry.transit.map(\.id.rawValue)
                try db.execute(sql: "DELETE FROM favourite WHERE provider IN (\(known.map { _ in "?" }.joined(separator: ", ")))",
                               arguments: StatementArguments(known))
                for (position, favourite) in favourites.enumerated() {
                    try Self.insert(favourite, position: position, into: db)
                }
            }
        } catch {
            throw .failed(.saveFavourites, Self.failure(error))
        }
    }

    /// Every kept alert of a known service, oldest first (rows of a service this version does not
    /// know are kept, not shown).
    public func loadAlerts() async throws(StoreError) -> [Alert] {
        do {
            return try read { try Self.alerts($0, registry: registry) }
        } catch {
            throw .failed(.readAlerts, Self.failure(error))
        }
    }

    /// Writes the one row of `alert`: two processes saving different alerts never undo each other's.
    public func saveAlert(_ alert: Alert) async throws(StoreError) {
        do {
            try write { db in try Self.insert(alert, into: db) }
        } catch {
            throw .failed(.saveAlert, Self.failure(error))
        }
    }

    public func deleteAlert(_ id: Alert.ID) async throws(StoreError) {
        do {
            try write { db in try db.execute(sql: "DELETE FROM alert WHERE id = ?", arguments: [id]) }
        } catch {
            throw .failed(.saveAlert, Self.failure(error))
        }
    }

    public func value(for key: String) async -> String? {
        try? read { try String.fetchOne($0, sql: "SELECT value FROM kept WHERE key = ?", arguments: [key]) }
    }

    public func setValue(_ value: String, for key: String) async {
        _ = try? write {
            try $0.execute(sql: "INSERT OR REPLACE INTO kept (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    /// The saved plain settings (never credentials), by key name.
    public func settings() throws(StoreError) -> [String: String] {
        do {
            return try database.read { db in
                Dictionary(try Row.fetchAll(db, sql: "SELECT key, value FROM setting").map { ($0["key"], $0["value"]) },
                           uniquingKeysWith: { _, last in last })
            }
        } catch {
            throw .failed(.readSettings, Self.failure(error))
        }
    }

    /// One saved plain setting, read without opening the store: read-only, nothing created or
    /// migrated, no lock taken (for the interface language, chosen before anything is shown).
    /// Nil when it is not saved or cannot be read.
    public static func peekSetting(_ key: String, in directory: URL) -> String? {
        let file = directory.appendingPathComponent(fileName)
        guard access(file.path, R_OK) == 0 else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        return try? DatabaseQueue(path: file.path, configuration: configuration).read { db in
            guard try db.tableExists("setting") else { return nil }
            return try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        }
    }

    /// Saves one plain setting, or forgets it when `value` is nil.
    public func setSetting(_ key: String, _ value: String?) async throws(StoreError) {
        do {
            try write { db in try Self.put(key, value, into: db) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .failed(.saveSetting, Self.failure(error))
        }
    }

    /// Saves plain name–value pairs at once, in one transaction, before returning: for the window's
    /// state as it closes, when there is no later to wait for.
    public func setSettingsNow(_ values: [String: String]) throws(StoreError) {
        do {
            try write { db in
                for (key, value) in values { try Self.put(key, value, into: db) }
            }
        } catch {
            throw .failed(.saveWindowState, Self.failure(error))
        }
    }

    /// One plain setting written, or forgotten when `value` is nil.
    private static func put(_ key: String, _ value: String?, into db: Database) throws {
        if let value {
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
    }

    // MARK: - Reading and writing

    /// `value` read from the database, blocking the calling thread until done (from an `async`
    /// function, `database.read` would be GRDB's `async` one).
    private func read<Value>(_ value: (Database) throws -> Value) throws -> Value {
        try database.read(value)
    }

    /// One write transaction, tried again when another process still holds the database after the
    /// busy timeout (SQLite also reports "busy" at once in a few cases its timeout does not cover,
    /// such as a WAL file being recovered). Blocks the calling thread until done.
    private func write(_ updates: (Database) throws -> Void) throws {
        if let refusal { throw StoreError.refused(refusal) }
        for attempt in 1... {
            do {
                return try database.write(updates)
            } catch let error as DatabaseError where Self.isBusy(error) && attempt < Self.writeAttempts {
                continue
            }
        }
    }

    static func isBusy(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    // MARK: - Opening

    private enum OpenFailure: Error {
        case unreadable(UnreadableFile)
        case newer
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: favourites") { db in
            try db.create(table: "favourite") { table in
                table.column("provider", .text).notNull()
                table.column("stopId", .text).notNull()
                table.column("name", .text).notNull()
                table.column("letter", .text)
                table.column("latitude", .double)
                table.column("longitude", .double)
                table.column("lines", .text).notNull().defaults(to: "[]")
                table.column("routes", .text).notNull().defaults(to: "[]")
                table.column("position", .integer).notNull()
                table.primaryKey(["provider", "stopId"])
            }
        }
        migrator.registerMigration("v2: stop direction") { db in
            try db.alter(table: "favourite") { table in
                table.add(column: "direction", .text)
            }
        }
        migrator.registerMigration("v3: kept values") { db in
            try db.create(table: "kept") { table in
                table.column("key", .text).primaryKey()
                table.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v4: settings") { db in
            try db.create(table: "setting") { table in
                table.column("key", .text).primaryKey()
                table.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v5: alerts") { db in
            try db.create(table: "alert") { table in
                table.column("id", .text).primaryKey()
                table.column("provider", .text).notNull()
                table.column("stopId", .text).notNull()
                table.column("name", .text).notNull()
                table.column("letter", .text)
                table.column("latitude", .double)
                table.column("longitude", .double)
                table.column("lines", .text).notNull().defaults(to: "[]")
                table.column("direction", .text)
                table.column("line", .text).notNull()
                table.column("destination", .text).notNull().defaults(to: "")
                table.column("minutes", .integer).notNull()
                table.column("vehicle", .text)
                // Seconds since 1970, UTC.
                table.column("expected", .double)
                table.column("state", .text).notNull()
                table.column("failures", .integer).notNull().defaults(to: 0)
                table.column("created", .double).notNull()
            }
        }
        return migrator
    }

    private static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // WAL's default (NORMAL) may lose the last commits on power loss; a save must be on disk when it returns.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return configuration
    }

    /// Opens, migrates and checks `file`; the caller holds the folder's lock, so no other
    /// Tripboard opens or migrates it at the same time.
    private static func openFile(_ file: URL, _ configuration: Configuration) throws -> SQLiteStore {
        // SQLite opens a file it may not write read-only without a word; ask first (a read-only
        // file system refuses even root).
        for path in [file.deletingLastPathComponent().path, file.path] where access(path, F_OK) == 0 {
            guard access(path, W_OK) == 0 else {
                throw CocoaError(errno == EROFS ? .fileWriteVolumeReadOnly : .fileWriteNoPermission)
            }
        }
        let database: DatabasePool
        do {
            database = try DatabasePool(path: file.path, configuration: configuration)
        } catch {
            throw classify(error)
        }
        do {
            if try database.read({ try migrator.hasBeenSuperseded($0) }) {
                throw OpenFailure.newer
            }
            try migrator.migrate(database)
            // Reading every row now finds damage now, not at the first refresh.
            _ = try database.read { try favourites($0) }
            _ = try database.read { try String.fetchOne($0, sql: "PRAGMA quick_check") }
                .map { result in if result != "ok" { throw OpenFailure.unreadable(.damaged) } }
        } catch let failure as OpenFailure {
            try? database.close()
            throw failure
        } catch {
            try? database.close()
            throw classify(error)
        }
        return SQLiteStore(database: database, location: file)
    }

    /// A store in memory holding a copy of `file`, when it can be read (empty otherwise), with the
    /// notice that says why and what is at risk.
    private static func inMemory(copying file: URL?, reason: InMemoryReason, _ configuration: Configuration,
                                 whenUnsaved: WhenUnsaved) throws -> (store: SQLiteStore, notice: StoreNotice?) {
        let database = try DatabaseQueue()
        if let file, FileManager.default.fileExists(atPath: file.path) {
            // A WAL database cannot be opened where its -shm file cannot be made: read a private
            // copy of the file and its log instead (SQLite replays the log into the copy).
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-copy-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let copy = scratch.appendingPathComponent(fileName)
            if (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil,
               (try? FileManager.default.copyItem(at: file, to: copy)) != nil {
                try? FileManager.default.copyItem(atPath: file.path + "-wal", toPath: copy.path + "-wal")
                if let source = try? DatabaseQueue(path: copy.path, configuration: configuration) {
                    try? source.backup(to: database)
                    try? source.close()
                }
            }
        }
        if (try? migrator.migrate(database)) == nil || (try? database.read({ try favourites($0) })) == nil {
            // Not a copy that can be used after all: start empty.
            try database.erase()
            try migrator.migrate(database)
        }
        switch whenUnsaved {
        case .keepInMemory:
            return (SQLiteStore(database: database, location: nil), .keptInMemory(reason))
        case .refuse:
            // Nothing to say until something is to be saved: then the write fails with the reason.
            return (SQLiteStore(database: database, location: nil, refusal: reason), nil)
        }
    }

    private static func classify(_ error: any Error) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        switch error.resultCode {
        case .SQLITE_NOTADB: return OpenFailure.unreadable(.notADatabase)
        case .SQLITE_CORRUPT: return OpenFailure.unreadable(.damaged)
        default: return error
        }
    }

    private static func stamp(_ now: Date) -> String {
        let utc = LocalDateTime(now, in: TimeZone(identifier: "UTC")!)
        return "\(utc.date)T" + String(format: "%02d%02d%02d", utc.hour, utc.minute, utc.second) + "Z"
    }

    /// Why `error` failed a read or a write; a store's own refusal stays one.
    static func failure(_ error: any Error) -> StoreFailure {
        if case StoreError.refused(let reason)? = error as? StoreError { return .refused(reason) }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: return .diskFull
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN, .SQLITE_AUTH: return .readOnly
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy
            default: return .database(code: error.resultCode.rawValue, message: error.message)
            }
        }
        if let error = error as? CocoaError, error.code == .fileWriteNoPermission || error.code == .fileWriteVolumeReadOnly {
            return .readOnly
        }
        return .system((error as NSError).localizedDescription)
    }

    // MARK: - Rows

    /// The stop a favourite's or an alert's row names (the same columns in both tables); nil for a
    /// service this build does not know.
    private static func stop(in row: Row, registry: ServiceRegistry) -> TransitStop? {
        guard let provider = registry.transit(ServiceID(row["provider"])) else { return nil }
        let latitude: Double? = row["latitude"]
        let longitude: Double? = row["longitude"]
        return TransitStop(
            provider: provider, stopID: row["stopId"], name: row["name"], letter: row["letter"],
            coordinate: latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } },
            lines: list(row["lines"]), direction: row["direction"])
    }

    private static func favourites(_ db: Database, registry: ServiceRegistry = .standard) throws -> [Favourite] {
        try Row.fetchAll(db, sql: "SELECT * FROM favourite ORDER BY position").compactMap { row in
            guard let stop = stop(in: row, registry: registry) else { return nil }
            return Favourite(stop: stop, routes: list(row["routes"]))
        }
    }

    private static func insert(_ favourite: Favourite, position: Int, into db: Database) throws {
        let stop = favourite.stop
        try db.execute(sql: """
            INSERT INTO favourite (provider, stopId, name, letter, latitude, longitude, lines, routes, position, direction)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [stop.provider.id.rawValue, stop.stopID, stop.name, stop.letter,
                             stop.coordinate?.latitude, stop.coordinate?.longitude,
                             text(stop.lines), text(favourite.routes), position, stop.direction])
    }

    private static func alerts(_ db: Database, registry: ServiceRegistry) throws -> [Alert] {
        try Row.fetchAll(db, sql: "SELECT * FROM alert ORDER BY created, id").compactMap { row in
            guard let stop = stop(in: row, registry: registry) else { return nil }
            let expected: Double? = row["expected"]
            let created: Double = row["created"]
            return Alert(id: row["id"], stop: stop, line: row["line"], destination: row["destination"], minutes: row["minutes"],
                         vehicle: row["vehicle"], expected: expected.map(Date.init(timeIntervalSince1970:)),
                         state: state(row["state"], failures: row["failures"]), created: Date(timeIntervalSince1970: created))
        }
    }

    private static func insert(_ alert: Alert, into db: Database) throws {
        let stop = alert.stop
        let (state, failures): (String, Int) = switch alert.state {
        case .watching: ("watching", 0)
        case .fired: ("fired", 0)
        case .vanished: ("vanished", 0)
        case .failing(let count): ("failing", count)
        case .cancelled: ("cancelled", 0)
        }
        try db.execute(sql: """
            INSERT OR REPLACE INTO alert (id, provider, stopId, name, letter, latitude, longitude, lines, direction, line,
                                          destination, minutes, vehicle, expected, state, failures, created)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [alert.id, stop.provider.id.rawValue, stop.stopID, stop.name, stop.letter,
                             stop.coordinate?.latitude, stop.coordinate?.longitude, text(stop.lines), stop.direction,
                             alert.line, alert.destination, alert.minutes, alert.vehicle,
                             alert.expected?.timeIntervalSince1970, state, failures, alert.created.timeIntervalSince1970])
    }

    /// An alert's state as a row keeps it; a word this version does not know reads as watching.
    private static func state(_ text: String, failures: Int) -> Alert.State {
        switch text {
        case "fired": .fired
        case "vanished": .vanished
        case "failing": .failing(failures)
        case "cancelled": .cancelled
        default: .watching
        }
    }

    private static func text(_ list: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self)
    }

    private static func list(_ text: String?) -> [String] {
        text.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
    }
}

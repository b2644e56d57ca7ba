import Foundation
import GRDB
import TripCore

/// The favourites, and small kept values such as device tokens, in an SQLite database
/// (`tripboard.sqlite` in the data folder), through GRDB.
///
/// Every save is one transaction in SQLite's rollback journal, so a process killed at any moment
/// leaves the last committed list. A file that cannot be read is moved aside, never deleted.
public final class SQLiteStore: FavouritesStore, ValueStore {
    public static let fileName = "tripboard.sqlite"

    private let database: DatabaseQueue
    /// Where the database lives; nil when only in memory because the folder cannot be written.
    public let location: URL?

    private init(database: DatabaseQueue, location: URL?) {
        self.database = database
        self.location = location
    }

    /// The store in `directory`, and what the person must be told about how it was opened (a
    /// damaged file moved aside, a folder that cannot be written), if anything.
    ///
    /// Never fails: at worst the store lives in memory and the notice says changes will not last.
    public static func open(in directory: URL, now: Date = Date()) -> (store: SQLiteStore, notice: String?) {
        let file = directory.appendingPathComponent(fileName)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return (try openFile(file), nil)
        } catch let failure as OpenFailure where failure.isUnreadable {
            let aside = directory.appendingPathComponent("\(fileName).unreadable-\(stamp(now))")
            do {
                try FileManager.default.moveItem(at: file, to: aside)
                for suffix in ["-journal", "-wal", "-shm"] {
                    try? FileManager.default.moveItem(atPath: file.path + suffix, toPath: aside.path + suffix)
                }
                return (try openFile(file), "Your saved favourites could not be read (\(failure.reason)), "
                    + "so Tripboard moved that file to \(aside.path) and started afresh.")
            } catch {
                return (inMemory(copying: nil), "Your saved favourites could not be read (\(failure.reason)) "
                    + "and could not be moved aside: \(describe(error)). Changes will last only until you quit.")
            }
        } catch {
            // The folder or file cannot be written: keep what can be read (favourites, settings,
            // kept tokens), in memory.
            return (inMemory(copying: file), "Tripboard cannot save favourites or settings in \(directory.path) "
                + "(\(describe(error))). Changes will last only until you quit.")
        }
    }

    public func load() async throws(StoreError) -> [Favourite] {
        do {
            return try await database.read(Self.favourites)
        } catch {
            throw StoreError("Tripboard could not read your favourites: \(Self.describe(error)).")
        }
    }

    public func save(_ favourites: [Favourite]) async throws(StoreError) {
        do {
            try await database.write { db in
                // Rows of a provider this version does not know (written by a newer one) are kept.
                let known = StopProvider.allCases.map(\.rawValue)
                try db.execute(sql: "DELETE FROM favourite WHERE provider IN (\(known.map { _ in "?" }.joined(separator: ", ")))",
                               arguments: StatementArguments(known))
                for (position, favourite) in favourites.enumerated() {
                    try Self.insert(favourite, position: position, into: db)
                }
            }
        } catch {
            throw StoreError("Tripboard could not save the change: \(Self.describe(error)). Your favourites are as they were.")
        }
    }

    public func value(for key: String) async -> String? {
        try? await database.read { try String.fetchOne($0, sql: "SELECT value FROM kept WHERE key = ?", arguments: [key]) }
    }

    public func setValue(_ value: String, for key: String) async {
        _ = try? await database.write {
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
            throw StoreError("Tripboard could not read your settings: \(Self.describe(error)).")
        }
    }

    /// Saves one plain setting, or forgets it when `value` is nil.
    public func setSetting(_ key: String, _ value: String?) async throws(StoreError) {
        do {
            try await database.write { db in try Self.put(key, value, into: db) }
        } catch {
            throw StoreError("Tripboard could not save the setting: \(Self.describe(error)).")
        }
    }

    /// Saves plain name–value pairs at once, in one transaction, before returning: for the window's
    /// state as it closes, when there is no later to wait for.
    public func setSettingsNow(_ values: [String: String]) throws(StoreError) {
        do {
            try database.write { db in
                for (key, value) in values { try Self.put(key, value, into: db) }
            }
        } catch {
            throw StoreError("Tripboard could not save the window’s size and tab: \(Self.describe(error)).")
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

    // MARK: - Opening

    private struct OpenFailure: Error {
        var reason: String
        var isUnreadable: Bool
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
        return migrator
    }

    private static func openFile(_ file: URL) throws -> SQLiteStore {
        // SQLite opens a file it may not write read-only without a word; ask first (a read-only
        // file system refuses even root).
        for path in [file.deletingLastPathComponent().path, file.path] where access(path, F_OK) == 0 {
            guard access(path, W_OK) == 0 else {
                throw CocoaError(errno == EROFS ? .fileWriteVolumeReadOnly : .fileWriteNoPermission)
            }
        }
        let database: DatabaseQueue
        do {
            database = try DatabaseQueue(path: file.path)
        } catch {
            throw classify(error)
        }
        do {
            if try database.read({ try migrator.hasBeenSuperseded($0) }) {
                throw OpenFailure(reason: "it was written by a newer version of Tripboard", isUnreadable: true)
            }
            try migrator.migrate(database)
            // Reading every row now finds damage now, not at the first refresh.
            _ = try database.read(favourites)
            _ = try database.read { try String.fetchOne($0, sql: "PRAGMA quick_check") }
                .map { result in if result != "ok" { throw OpenFailure(reason: "it is damaged", isUnreadable: true) } }
        } catch let failure as OpenFailure {
            try? database.close()
            throw failure
        } catch {
            try? database.close()
            throw classify(error)
        }
        return SQLiteStore(database: database, location: file)
    }

    /// A database in memory holding a copy of `file`, when it can be read; empty otherwise.
    private static func inMemory(copying file: URL?) -> SQLiteStore {
        // An in-memory database cannot fail to open or migrate.
        let database = try! DatabaseQueue()
        if let file, FileManager.default.fileExists(atPath: file.path) {
            var configuration = Configuration()
            configuration.readonly = true
            if let source = try? DatabaseQueue(path: file.path, configuration: configuration) {
                try? source.backup(to: database)
                try? source.close()
            }
        }
        if (try? migrator.migrate(database)) == nil || (try? database.read(favourites)) == nil {
            // Not a copy that can be used after all (a newer version's, say): start empty.
            try! database.erase()
            try! migrator.migrate(database)
        }
        return SQLiteStore(database: database, location: nil)
    }

    private static func classify(_ error: any Error) -> any Error {
        guard let error = error as? DatabaseError else { return error }
        switch error.resultCode {
        case .SQLITE_NOTADB: return OpenFailure(reason: "it is not a database", isUnreadable: true)
        case .SQLITE_CORRUPT: return OpenFailure(reason: "it is damaged", isUnreadable: true)
        default: return error
        }
    }

    private static func stamp(_ now: Date) -> String {
        let utc = LocalDateTime(now, in: TimeZone(identifier: "UTC")!)
        return "\(utc.date)T" + String(format: "%02d%02d%02d", utc.hour, utc.minute, utc.second) + "Z"
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: return "the disk is full"
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN, .SQLITE_AUTH: return "it is read-only"
            default: return error.message ?? "SQLite error \(error.resultCode.rawValue)"
            }
        }
        if let error = error as? CocoaError, error.code == .fileWriteNoPermission || error.code == .fileWriteVolumeReadOnly {
            return "it is read-only"
        }
        return (error as NSError).localizedDescription
    }

    // MARK: - Rows

    private static func favourites(_ db: Database) throws -> [Favourite] {
        try Row.fetchAll(db, sql: "SELECT * FROM favourite ORDER BY position").compactMap { row in
            guard let provider = StopProvider(rawValue: row["provider"]) else { return nil }
            let latitude: Double? = row["latitude"]
            let longitude: Double? = row["longitude"]
            let stop = TransitStop(
                provider: provider, stopID: row["stopId"], name: row["name"], letter: row["letter"],
                coordinate: latitude.flatMap { lat in longitude.map { Coordinate(latitude: lat, longitude: $0) } },
                lines: list(row["lines"]), direction: row["direction"])
            return Favourite(stop: stop, routes: list(row["routes"]))
        }
    }

    private static func insert(_ favourite: Favourite, position: Int, into db: Database) throws {
        let stop = favourite.stop
        try db.execute(sql: """
            INSERT INTO favourite (provider, stopId, name, letter, latitude, longitude, lines, routes, position, direction)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [stop.provider.rawValue, stop.stopID, stop.name, stop.letter,
                             stop.coordinate?.latitude, stop.coordinate?.longitude,
                             text(stop.lines), text(favourite.routes), position, stop.direction])
    }

    private static func text(_ list: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self)
    }

    private static func list(_ text: String?) -> [String] {
        text.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
    }
}

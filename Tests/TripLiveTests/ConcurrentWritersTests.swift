import Foundation
import GRDB
import Testing
import TripCore
@testable import TripLive
import TripWords

/// Several Tripboards writing one data folder at once (the window and commands, or commands side
/// by side) lose no write, and a database kept busy is waited for, never taken for one that
/// cannot be written.
struct ConcurrentWritersTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-race-\(UUID().uuidString)")
    /// Four plain settings and both credentials: six writers of different keys.
    static let keys: [SettingKey] = [.clock, .appearance, .searchOrigin, .refreshSeconds, .busbudToken, .tflAppKey]
    static let writes = 4

    /// A second connection to the folder's database that may keep a transaction open between accesses.
    func otherConnection() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        return try DatabaseQueue(path: folder.appendingPathComponent(SQLiteStore.fileName).path, configuration: configuration)
    }

    /// Starts the store writer in `race` mode for `key`; returns the process, running.
    func startWriter(_ key: SettingKey) throws -> (process: Process, errors: Pipe) {
        let writer = try #require(Bundle.main.executableURL).deletingLastPathComponent()
            .appendingPathComponent("tripboard-store-writer")
        let process = Process()
        process.executableURL = writer
        process.arguments = [folder.path, "race", key.rawValue, String(Self.writes)]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// Six processes each opening the folder afresh for every write (as `settings set` does), the
    /// first round on a folder that does not exist yet, while this process saves as the window
    /// does: every process succeeds and every last value is on disk.
    @Test func sixWritersAndTheWindowLoseNothing() async throws {
        for round in 1...3 {
            let window = LocalSettingsStore(database: LazySQLiteStore(directory: folder), directory: folder, report: { _ in })
            let writers = try Self.keys.map(startWriter)
            for number in 0..<Self.writes {
                try await window.saveSetting(.searchCurrency, "window-\(round)-\(number)")
            }
            for (key, writer) in zip(Self.keys, writers) {
                writer.process.waitUntilExit()
                let problem = String(decoding: writer.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(writer.process.terminationStatus == 0, "round \(round), \(key.rawValue): \(problem)")
            }
            let loaded = LocalSettingsStore(database: LazySQLiteStore(directory: folder), directory: folder, report: { _ in }).loadNow()
            #expect(loaded.notices.isEmpty, "\(StoreNotice.paragraph(loaded.notices) ?? "")")
            for key in Self.keys {
                #expect(loaded.saved[key] == "\(key.rawValue)-\(Self.writes - 1)", "round \(round)")
            }
            #expect(loaded.saved[.searchCurrency] == "window-\(round)-\(Self.writes - 1)")
        }
        #expect(try SQLiteStore.open(in: folder).store.location != nil)
    }

    /// Another process holding the write lock past every wait: the save fails and says why, the
    /// store is still the file (not memory), and once the lock is let go the next save lands on disk.
    @Test func aBusyDatabaseIsWaitedForAndNeverTakenForUnwritable() async throws {
        let database = LazySQLiteStore(directory: folder, busyTimeout: 0.05)
        try await database.save([])
        let other = try otherConnection()
        let stop = TransitStop(provider: TfLProvider(), stopID: "490000173OE", name: "Oxford Circus Station", letter: "OE",
                               coordinate: nil, lines: ["73"])
        try await other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE; INSERT INTO setting (key, value) VALUES ('clock', '12')")
        }
        await #expect { try await database.save([Favourite(stop: stop)]) } throws: { error in
            (error as? StoreError)?.sentence.contains("busy") == true
        }
        try await other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        try await database.save([Favourite(stop: stop)])
        try other.close()
        let reopened = try SQLiteStore.open(in: folder)
        #expect(reopened.notice == nil)
        #expect(try await reopened.store.load().map(\.stop.stopID) == ["490000173OE"])
        #expect(try reopened.store.settings()["clock"] == "12")
    }

    /// The very first open finds the database locked by another writer: it fails this once, and
    /// the next use opens the file itself, not a copy in memory.
    @Test func aBusyFirstOpenIsTriedAgainNotRememberedAsAFailure() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let other = try otherConnection()
        try await other.writeWithoutTransaction { try $0.execute(sql: "BEGIN EXCLUSIVE; CREATE TABLE scratch (x)") }
        let database = LazySQLiteStore(directory: folder, busyTimeout: 0.05)
        await #expect(throws: StoreError.self) { try await database.load() }
        #expect(await database.openingNotice() == nil, "nothing said about running in memory")
        try await other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        try other.close()
        #expect(try await database.load().isEmpty)
        try await database.save([Favourite(stop: TransitStop(provider: TfLProvider(), stopID: "1", name: "One", letter: nil,
                                                              coordinate: nil, lines: []))])
        #expect(try await SQLiteStore.open(in: folder).store.load().count == 1)
    }

    /// A command (which refuses to keep changes in memory) on a folder that cannot be written:
    /// the save fails with the reason, and nothing claims it was kept.
    @Test func aCommandOnAnUnwritableFolderRefusesToSave() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocked = folder.appendingPathComponent("data")
        try Data("a file".utf8).write(to: blocked)
        let store = LocalSettingsStore(database: LazySQLiteStore(directory: blocked, whenUnsaved: .refuse), directory: blocked, report: { _ in })
        #expect(store.loadNow().notices.isEmpty, "a command that only reads has nothing to be told")
        await #expect { try await store.saveSetting(.clock, "24") } throws: { error in
            let text = (error as? StoreError)?.sentence ?? ""
            return text.contains("cannot write in \(blocked.path)") && text.hasSuffix("nothing was saved.")
        }
    }
}

import Foundation
import GRDB
import Testing
import TripCore
@testable import TripLive
import TripWords

struct FavouritesStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-store-\(UUID().uuidString)")

    func stop(_ number: Int, letter: String? = "A") -> TransitStop {
        TransitStop(provider: TfLProvider(), stopID: "stop-\(number)", name: "Stop \(number)", letter: letter,
                    coordinate: number.isMultiple(of: 2) ? Coordinate(latitude: 51.5, longitude: -0.14) : nil,
                    lines: ["73", "390"])
    }

    /// A new folder gets a new database; what is saved comes back in order, with routes, after reopening.
    @Test func savesInOrderAndReopens() async throws {
        let (store, notice) = try SQLiteStore.open(in: folder)
        #expect(notice == nil)
        #expect(try await store.load().isEmpty)
        let saved = [Favourite(stop: stop(2), routes: ["390"]), Favourite(stop: stop(1, letter: nil)), Favourite(stop: stop(3))]
        try await store.save(saved)
        let reopened = try SQLiteStore.open(in: folder)
        #expect(reopened.notice == nil)
        #expect(try await reopened.store.load() == saved)
        try await reopened.store.save(Array(saved.reversed().dropFirst()))
        #expect(try await SQLiteStore.open(in: folder).store.load().map(\.stop.stopID) == ["stop-1", "stop-2"])
    }

    /// A row of a provider this version does not know (from a newer one) survives saves it cannot show.
    @Test func rowsOfUnknownProvidersAreKept() async throws {
        let (store, _) = try SQLiteStore.open(in: folder)
        try await store.save([Favourite(stop: stop(1))])
        let queue = try DatabaseQueue(path: folder.appendingPathComponent(SQLiteStore.fileName).path)
        try await queue.write {
            try $0.execute(sql: "INSERT INTO favourite (provider, stopId, name, position) VALUES ('ferry', 'F1', 'Circular Quay', 9)")
        }
        try queue.close()
        let reopened = try SQLiteStore.open(in: folder).store
        #expect(try await reopened.load().map(\.stop.stopID) == ["stop-1"])
        try await reopened.save([Favourite(stop: stop(2))])
        let check = try DatabaseQueue(path: folder.appendingPathComponent(SQLiteStore.fileName).path)
        #expect(try await check.read { try String.fetchAll($0, sql: "SELECT stopId FROM favourite ORDER BY stopId") } == ["F1", "stop-2"])
        try check.close()
    }

    /// An existing empty file (a database from before any version) is migrated, not moved aside.
    @Test func emptyFileIsMigrated() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder.appendingPathComponent(SQLiteStore.fileName).path, contents: Data())
        let (store, notice) = try SQLiteStore.open(in: folder)
        #expect(notice == nil)
        try await store.save([Favourite(stop: stop(1))])
        #expect(try await store.load().count == 1)
    }

    /// A file that is not a database is moved aside with a timestamp, the person is told where,
    /// and a fresh database is used.
    @Test(arguments: ["not a database at all, just text", String(repeating: "SQLite format 3\0", count: 300)])
    func unreadableFileIsMovedAside(content: String) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(SQLiteStore.fileName)
        try Data(content.utf8).write(to: file)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let (store, notice) = try SQLiteStore.open(in: folder, now: now)
        let aside = folder.appendingPathComponent("\(SQLiteStore.fileName).unreadable-2026-11-18T110640Z")
        #expect(notice?.sentence.contains(aside.lastPathComponent) == true, "\(notice?.sentence ?? "no notice")")
        #expect(notice?.sentence.contains("favourite stops and settings are back to their defaults") == true)
        #expect(notice?.sentence.contains(folder.path) == false, "the file is named, not the whole path")
        #expect(try Data(contentsOf: aside) == Data(content.utf8))
        try await store.save([Favourite(stop: stop(1))])
        #expect(try await SQLiteStore.open(in: folder).store.load().count == 1)
    }

    /// The app's store opens nothing until it is first used, then says what opening found.
    @Test func lazyStoreOpensOnFirstUse() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(SQLiteStore.fileName)
        try Data("not a database".utf8).write(to: file)
        let store = LazySQLiteStore(directory: folder)
        #expect(try Data(contentsOf: file) == Data("not a database".utf8), "nothing is touched before first use")
        #expect(await store.openingNotice() == nil)
        #expect(try await store.load().isEmpty)
        #expect(await store.openingNotice()?.sentence.contains("put that file aside as \(SQLiteStore.fileName).unreadable-") == true)
        try await store.save([Favourite(stop: stop(1))])
        #expect(try await SQLiteStore.open(in: folder).store.load().count == 1)
    }

    /// A database of the first version, with favourites in it, is brought up to date and keeps them.
    @Test func firstVersionIsMigrated() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: folder.appendingPathComponent(SQLiteStore.fileName).path)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: favourites');
                CREATE TABLE favourite (provider TEXT NOT NULL, stopId TEXT NOT NULL, name TEXT NOT NULL, letter TEXT,
                    latitude DOUBLE, longitude DOUBLE, lines TEXT NOT NULL DEFAULT '[]', routes TEXT NOT NULL DEFAULT '[]',
                    position INTEGER NOT NULL, PRIMARY KEY (provider, stopId));
                INSERT INTO favourite (provider, stopId, name, letter, lines, routes, position)
                    VALUES ('tfl', '490000173OE', 'Oxford Circus Station', 'OE', '["73","390"]', '["73"]', 0);
                """)
        }
        try queue.close()
        let (store, notice) = try SQLiteStore.open(in: folder)
        #expect(notice == nil)
        let favourites = try await store.load()
        #expect(favourites.map(\.stop.title) == ["Oxford Circus Station (Stop OE)"])
        #expect(favourites.first?.routes == ["73"])
        #expect(favourites.first?.stop.direction == nil)
        await store.setValue("kept", for: "token")
        #expect(await store.value(for: "token") == "kept")
    }

    /// A database written by a newer version (a migration this one does not know) is left
    /// untouched, so going back a version loses nothing: its favourites are shown, changes are
    /// kept only in memory, and the person is told.
    @Test func newerVersionIsLeftUntouched() async throws {
        let first = try SQLiteStore.open(in: folder)
        try await first.store.save([Favourite(stop: stop(1))])
        let file = folder.appendingPathComponent(SQLiteStore.fileName)
        let queue = try DatabaseQueue(path: file.path)
        try await queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')") }
        try queue.close()
        let before = try Data(contentsOf: file)
        let (store, notice) = try SQLiteStore.open(in: folder)
        #expect(notice?.sentence == "Your favourites and settings were saved by a newer version of Tripboard, whose file this "
            + "version leaves untouched. Changes you make now will last only until you quit.")
        #expect(try await store.load().map(\.stop.stopID) == ["stop-1"])
        try await store.save([Favourite(stop: stop(2))])
        #expect(store.location == nil)
        #expect(try Data(contentsOf: file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".unreadable-") }.isEmpty)
        let command = try SQLiteStore.open(in: folder, whenUnsaved: .refuse)
        #expect(command.notice == nil)
        await #expect(throws: StoreError.self) { try await command.store.save([]) }
    }

    /// A data folder that cannot be written: a plain message, and the app keeps running in memory.
    @Test func unwritableFolderKeepsRunningInMemory() async throws {
        // A file where the folder should be: nothing can be created inside it, even as root.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocked = folder.appendingPathComponent("data")
        try Data("a file".utf8).write(to: blocked)
        let (store, notice) = try SQLiteStore.open(in: blocked)
        #expect(notice?.sentence.hasPrefix("Tripboard cannot write in \(blocked.path)") == true, "\(notice?.sentence ?? "")")
        #expect(notice?.sentence.hasSuffix("Changes you make now will last only until you quit.") == true)
        #expect(store.location == nil)
        try await store.save([Favourite(stop: stop(1))])
        #expect(try await store.load().count == 1)
    }
}

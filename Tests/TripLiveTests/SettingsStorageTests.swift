import Foundation
import Testing
import TripCore
@testable import TripLive
import TripWords

/// Settings on disk: plain ones in the database, credentials in an owner-only file beside it.
struct SettingsStorageTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-settings-\(UUID().uuidString)")

    func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    /// Saved, read back by a new launch, forgotten; the secret never reaches the database.
    @Test func settingsLastAcrossLaunchesAndSecretsStayOutOfTheDatabase() async throws {
        let store = LocalSettingsStore(database: LazySQLiteStore(directory: folder), directory: folder, report: { _ in })
        try await store.saveSetting(.refreshSeconds, "45")
        try await store.saveSetting(.busbudToken, "secret-token-0123456789")
        try await store.saveSetting(.searchCurrency, "EUR")
        try await store.saveSetting(.searchCurrency, nil)

        let relaunched = LocalSettingsStore(database: LazySQLiteStore(directory: folder), directory: folder, report: { _ in })
        let loaded = relaunched.loadNow()
        #expect(loaded.saved == [.refreshSeconds: "45", .busbudToken: "secret-token-0123456789"])
        #expect(loaded.notices.isEmpty)

        let credentials = folder.appendingPathComponent(CredentialFile.fileName)
        #expect(try mode(credentials) == 0o600)
        let database = try Data(contentsOf: folder.appendingPathComponent("tripboard.sqlite"))
        #expect(database.range(of: Data("secret-token".utf8)) == nil)
    }

    /// Opened ahead on a worker, as the window does while GTK starts: the first read sees what
    /// it would have seen without, what was saved, and a folder that cannot hold a database said.
    @Test func openingAheadChangesNothingTheFirstReadSees() async throws {
        try await LocalSettingsStore(database: LazySQLiteStore(directory: folder), directory: folder, report: { _ in })
            .saveSetting(.refreshSeconds, "45")
        let file = folder.appendingPathComponent("a-file")
        try Data().write(to: file)
        for directory in [folder, file.appendingPathComponent("data")] {
            let ahead = LazySQLiteStore(directory: directory)
            await Task.detached { ahead.open() }.value
            let read = LocalSettingsStore(database: ahead, directory: directory, report: { _ in }).loadNow()
            let unopened = LocalSettingsStore(database: LazySQLiteStore(directory: directory), directory: directory, report: { _ in }).loadNow()
            #expect(read.saved == unopened.saved)
            #expect(read.window == unopened.window)
            #expect(StoreNotice.paragraph(read.notices) == StoreNotice.paragraph(unopened.notices))
            if directory == folder {
                #expect(read.saved == [.refreshSeconds: "45"] && read.notices.isEmpty)
            } else {
                #expect(!read.notices.isEmpty, "a database that could not be made is said")
            }
        }
    }

    /// The interface language is read before anything is shown, without opening the store: what a
    /// running window saved is found, and a missing database is not created by looking.
    @Test func theLanguageIsPeekedWithoutOpeningTheStore() async throws {
        #expect(SQLiteStore.peekSetting("language", in: folder) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path), "looking creates nothing")
        let store = LocalSettingsStore(database: LazySQLiteStore(directory: folder), directory: folder, report: { _ in })
        #expect(SQLiteStore.peekSetting("language", in: folder) == nil)
        try await store.saveSetting(.language, "fr")
        #expect(SQLiteStore.peekSetting("language", in: folder) == "fr")
        try await store.saveSetting(.language, nil)
        #expect(SQLiteStore.peekSetting("language", in: folder) == nil)
    }

    /// A credentials file others could read is made private at once, and the person is told
    /// where it is, without the secret.
    @Test func aLooseCredentialsFileIsMadePrivateAndSaid() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = CredentialFile(directory: folder)
        try file.save(["tfl.app_key": "key-abcdef"])
        chmod(file.location.path, 0o644)
        let loaded = file.load()
        #expect(loaded.values == ["tfl.app_key": "key-abcdef"])
        #expect(try mode(file.location) == 0o600)
        let notice = try #require(loaded.notice?.sentence)
        #expect(notice.contains("made it private") && notice.contains(file.location.path))
        #expect(!notice.contains("key-abcdef"))
        #expect(file.load().notice == nil, "said once")
    }

    /// An unreadable credentials file is moved aside (never lost) and said; nothing is made up.
    @Test func anUnreadableCredentialsFileIsMovedAside() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = CredentialFile(directory: folder)
        FileManager.default.createFile(atPath: file.location.path, contents: Data("{not json".utf8),
                                       attributes: [.posixPermissions: 0o600])
        let loaded = file.load(now: Date(timeIntervalSince1970: 1_795_338_000))
        #expect(loaded.values.isEmpty)
        #expect(loaded.notice?.sentence.contains("moved that file") == true)
        let aside = file.location.path + ".unreadable-1795338000"
        #expect(FileManager.default.contents(atPath: aside) == Data("{not json".utf8))
    }

    /// The cache's size is the room its files take, and clearing it empties it but keeps the folder.
    @Test func clearingTheCache() async throws {
        let pictures = folder.appendingPathComponent("images", isDirectory: true)
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data(count: 10_000).write(to: pictures.appendingPathComponent("a"))
        try Data(count: 5_000).write(to: folder.appendingPathComponent("b"))
        let cache = CacheFolder(directory: folder)
        #expect(await cache.size() >= 15_000, "what the files take on disk, in whole blocks")
        try await cache.clear()
        #expect(await cache.size() == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path))
    }
}

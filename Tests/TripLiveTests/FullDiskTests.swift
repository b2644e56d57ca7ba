import Foundation
import Testing
import TripCore
@testable import TripLive
import TripWords

/// A data folder on a small tmpfs of its own, filled up or remounted read-only: every save says
/// plainly why it failed, nothing saved before is lost, and the same stores work again once there
/// is room. (Mounting needs root or CAP_SYS_ADMIN, which this machine and CI have.)
@Suite(.serialized, .enabled(if: Tmpfs.canMount, "mounting a tmpfs needs root or CAP_SYS_ADMIN"))
struct FullDiskTests {
    func stop(_ number: Int) -> TransitStop {
        TransitStop(provider: TfLProvider(), stopID: "stop-\(number)", name: "Stop number \(number) " + String(repeating: "x", count: 200),
                    letter: "A", coordinate: Coordinate(latitude: 51.5, longitude: -0.1), lines: ["73"])
    }

    @Test func aFullDiskIsSaidAndLosesNothing() async throws {
        try await Tmpfs.with(size: "512k") { folder in
            let database = LazySQLiteStore(directory: folder)
            let settings = LocalSettingsStore(database: database, directory: folder, report: { _ in })
            try await database.save([Favourite(stop: stop(1))])
            try await settings.saveSetting(.refreshSeconds, "45")
            try await settings.saveSetting(.busbudToken, "token-before")

            let filler = folder.appendingPathComponent("filler")
            Tmpfs.fill(filler)

            let many = (1...2_000).map { Favourite(stop: stop($0)) }
            await #expect { try await database.save(many) } throws: { error in
                (error as? StoreError)?.sentence == "Tripboard could not save the change: the disk is full. Your favourites are as they were."
            }
            await #expect { try await settings.saveSetting(.dealsURL, "https://" + String(repeating: "d", count: 200_000)) } throws: { error in
                (error as? StoreError)?.sentence == "Tripboard could not save the setting: the disk is full."
            }
            await #expect { try await settings.saveSetting(.busbudToken, String(repeating: "t", count: 200_000)) } throws: { error in
                (error as? StoreError)?.sentence == "Tripboard could not save your credentials in \(folder.path): No space left on device."
            }
            #expect(try await database.load().map(\.stop.stopID) == ["stop-1"])
            let kept = settings.loadNow()
            #expect(kept.saved == [.refreshSeconds: "45", .busbudToken: "token-before"])
            #expect(kept.notices.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasSuffix(".tmp") })

            // Room again: the same stores save.
            try FileManager.default.removeItem(at: filler)
            try await database.save(Array(many.prefix(3)))
            try await settings.saveSetting(.busbudToken, "token-after")
            #expect(try await database.load().count == 3)
            #expect(settings.loadNow().saved[.busbudToken] == "token-after")
        }
    }

    @Test func aReadOnlyFolderIsSaidAndLosesNothing() async throws {
        try await Tmpfs.with(size: "512k") { folder in
            do {
                let database = LazySQLiteStore(directory: folder)
                let settings = LocalSettingsStore(database: database, directory: folder, report: { _ in })
                try await database.save([Favourite(stop: stop(1))])
                try await settings.saveSetting(.refreshSeconds, "45")
                try await settings.saveSetting(.busbudToken, "token-before")
                await database.setValue("kept-token", for: "tramtracker.token")
            }
            // The same folder, seen read-only (as a read-only disk or share would be) by a new launch.
            try await Tmpfs.readOnlyView(of: folder) { view in
                let database = LazySQLiteStore(directory: view)
                let settings = LocalSettingsStore(database: database, directory: view, report: { _ in })
                let loaded = settings.loadNow()
                #expect(loaded.saved == [.refreshSeconds: "45", .busbudToken: "token-before"], "nothing saved is lost from view")
                #expect(StoreNotice.paragraph(loaded.notices) == "Tripboard cannot write in \(view.path) (it is read-only). "
                    + "Changes you make now will last only until you quit.")
                #expect(await database.openingNotice() == loaded.notices.first, "the Favourites tab says it too")
                #expect(try await database.load().map(\.stop.stopID) == ["stop-1"])
                #expect(await database.value(for: "tramtracker.token") == "kept-token")

                await #expect { try await settings.saveSetting(.busbudToken, "token-after") } throws: { error in
                    (error as? StoreError)?.sentence == "Tripboard could not save your credentials in \(view.path): Read-only file system."
                }
                // The rest keeps working for this run, in memory, as the notice said.
                try await database.save([Favourite(stop: stop(1)), Favourite(stop: stop(2))])
                try await settings.saveSetting(.refreshSeconds, "60")
                #expect(try await database.load().count == 2)
                #expect(settings.loadNow().saved[.refreshSeconds] == "60")
            }
            // Nothing on disk changed.
            let again = LocalSettingsStore(database: LazySQLiteStore(directory: folder), directory: folder, report: { _ in }).loadNow()
            #expect(again.saved == [.refreshSeconds: "45", .busbudToken: "token-before"])
            #expect(again.notices.isEmpty)
        }
    }
}

/// A tmpfs mounted on a fresh folder for the length of a test.
enum Tmpfs {
    static let canMount: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-tmpfs-probe-\(getpid())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        guard run("/bin/mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path) else { return false }
        return run("/bin/umount", probe.path)
    }()

    static func with(size: String, _ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try #require(run("/bin/mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path))
        defer {
            _ = run("/bin/umount", "-l", folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        try await body(folder)
    }

    /// Runs `body` on a read-only view of `folder` (a read-only bind mount).
    static func readOnlyView(of folder: URL, _ body: (URL) async throws -> Void) async throws {
        let view = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-ro")
        try FileManager.default.createDirectory(at: view, withIntermediateDirectories: true)
        try #require(run("/bin/mount", "--bind", folder.path, view.path))
        defer {
            _ = run("/bin/umount", "-l", view.path)
            try? FileManager.default.removeItem(at: view)
        }
        try #require(run("/bin/mount", "-o", "remount,ro,bind", view.path))
        try await body(view)
    }

    /// Writes to `file` until the disk is full.
    static func fill(_ file: URL) {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    @discardableResult
    static func run(_ command: String, _ arguments: String...) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

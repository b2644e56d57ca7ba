import Foundation
import GRDB
import Testing
import TripCore
@testable import TripLive

struct AlertsStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-alerts-\(UUID().uuidString)")
    let catford = TransitStop(provider: TfLProvider(), stopID: "490000121D", name: "Catford Bridge Station", letter: "D",
                              coordinate: Coordinate(latitude: 51.44, longitude: -0.02), lines: ["124", "171"], direction: "towards Eltham")
    let tramStop = TransitStop(provider: TramTrackerProvider(), stopID: "4055", name: "Highett St & Church St", lines: ["78"])

    /// Every field of every state comes back after reopening; a change replaces the row, a deletion removes it.
    @Test func alertsRoundTrip() async throws {
        let (store, _) = try SQLiteStore.open(in: folder)
        #expect(try await store.loadAlerts().isEmpty)
        let created = Date(timeIntervalSince1970: 1_795_000_000)
        let saved = [
            Alert(id: "a", stop: catford, line: "124", destination: "Eltham", minutes: 5, vehicle: "LX1",
                  expected: created.addingTimeInterval(600.5), created: created),
            Alert(id: "b", stop: tramStop, line: "78", minutes: 3, expected: created.addingTimeInterval(300),
                  state: .failing(2), created: created.addingTimeInterval(1)),
            Alert(id: "c", stop: catford, line: "171", minutes: 30, state: .fired, created: created.addingTimeInterval(2)),
            Alert(id: "d", stop: catford, line: "171", minutes: 1, state: .vanished, created: created.addingTimeInterval(3)),
        ]
        for alert in saved.reversed() { try await store.saveAlert(alert) }
        let reopened = try SQLiteStore.open(in: folder).store
        #expect(try await reopened.loadAlerts() == saved)
        var changed = saved[0]
        changed.state = .fired
        changed.expected = created.addingTimeInterval(200)
        try await reopened.saveAlert(changed)
        try await reopened.deleteAlert("c")
        try await reopened.deleteAlert("nothing")
        #expect(try await SQLiteStore.open(in: folder).store.loadAlerts() == [changed, saved[1], saved[3]])
    }

    /// A database of the version before alerts is migrated, its favourites untouched.
    @Test func aDatabaseFromBeforeAlertsIsMigrated() async throws {
        let (store, _) = try SQLiteStore.open(in: folder)
        try await store.save([Favourite(stop: catford)])
        let file = folder.appendingPathComponent(SQLiteStore.fileName).path
        let queue = try DatabaseQueue(path: file)
        try await queue.write { db in
            try db.execute(sql: "DROP TABLE alert")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v5: alerts'")
        }
        try queue.close()
        let (reopened, notice) = try SQLiteStore.open(in: folder)
        #expect(notice == nil)
        #expect(try await reopened.load().map(\.stop.stopID) == ["490000121D"])
        try await reopened.saveAlert(Alert(id: "a", stop: catford, line: "124", minutes: 5, created: Date(timeIntervalSince1970: 0)))
        #expect(try await reopened.loadAlerts().map(\.id) == ["a"])
    }

    /// Four processes saving alerts while this one does, each opening the folder afresh for each
    /// write: every alert of every process is kept.
    @Test func processesSavingAlertsAtOnceLoseNone() async throws {
        let writer = try #require(Bundle.main.executableURL).deletingLastPathComponent().appendingPathComponent("tripboard-store-writer")
        let names = ["one", "two", "three", "four"]
        let writes = 5
        let processes = try names.map { name in
            let process = Process()
            process.executableURL = writer
            process.arguments = [folder.path, "alerts", name, String(writes)]
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            return (process, errors)
        }
        let window = LazySQLiteStore(directory: folder)
        for number in 0..<writes {
            try await window.saveAlert(Alert(id: "window-\(number)", stop: catford, line: "124", minutes: 5,
                                             created: Date(timeIntervalSince1970: TimeInterval(number))))
        }
        for (process, errors) in processes {
            process.waitUntilExit()
            let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(problem)")
        }
        let ids = Set(try await SQLiteStore.open(in: folder).store.loadAlerts().map(\.id))
        let wanted = Set((names + ["window"]).flatMap { name in (0..<writes).map { "\(name)-\($0)" } })
        #expect(ids == wanted)
    }
}

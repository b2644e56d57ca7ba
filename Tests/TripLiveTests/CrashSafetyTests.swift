import Foundation
import Testing
import TripCore
@testable import TripLive
import TripWords

/// Writers killed without warning at random moments (a child process, SIGKILL, many times) never
/// leave the favourites or the settings unreadable, half-written or missing what they had saved.
struct CrashSafetyTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-crash-\(UUID().uuidString)")
    static let rounds = 25

    /// Starts the writer on `folder` in `mode`, kills it after `delay`, and returns the highest
    /// write it announced as done (nil for none).
    func runWriter(_ mode: String, killAfter delay: Duration) async throws -> Int? {
        // Built beside the test binary by SwiftPM, as a dependency of this test target.
        let writer = try #require(Bundle.main.executableURL).deletingLastPathComponent()
            .appendingPathComponent("tripboard-store-writer")
        let process = Process()
        process.executableURL = writer
        process.arguments = [folder.path, mode]
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        try await Task.sleep(for: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(problem.isEmpty, "the writer failed on its own: \(problem)")
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        return lines.compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil }.max()
    }

    /// A random moment from just after start-up (nothing written yet) to well into the writes.
    func randomDelay(_ generator: inout SystemRandomNumberGenerator) -> Duration {
        .milliseconds(Int.random(in: 5...250, using: &generator))
    }

    @Test func favouritesWriterKilledAtRandomLosesNothingCommitted() async throws {
        var generator = SystemRandomNumberGenerator()
        var announced = -1
        for _ in 1...Self.rounds {
            announced = max(announced, try await runWriter("favourites", killAfter: randomDelay(&generator)) ?? -1)
            let (store, notice) = try SQLiteStore.open(in: folder)
            #expect(notice == nil)
            let ids = try await store.load().map(\.stop.stopID)
            #expect(ids.count > announced, "committed \(announced), found \(ids.count)")
            #expect(ids == (0..<ids.count).map { "stop-\($0)" }, "in order, none half-written")
        }
        #expect(announced > Self.rounds, "the writer got far enough to be killed mid-write (\(announced) writes)")
    }

    @Test func settingsWriterKilledAtRandomLosesNothingSaved() async throws {
        var generator = SystemRandomNumberGenerator()
        var announced = -1
        for _ in 1...Self.rounds {
            announced = max(announced, try await runWriter("settings", killAfter: randomDelay(&generator)) ?? -1)
            let loaded = LocalSettingsStore(database: LazySQLiteStore(directory: folder), directory: folder, report: { _ in }).loadNow()
            #expect(loaded.notices.isEmpty, "\(StoreNotice.paragraph(loaded.notices) ?? "")")
            guard announced >= 0 else { continue }
            // Each write saves refresh_seconds = 10 + N, then busbud.token = token-N.
            let refresh = try #require(loaded.saved[.refreshSeconds].flatMap(Int.init)) - 10
            let token = try #require(loaded.saved[.busbudToken].flatMap { Int($0.dropFirst("token-".count)) })
            #expect(refresh >= announced && token >= announced, "announced \(announced), found \(refresh) and \(token)")
            #expect(token == refresh || token == refresh - 1, "each save whole: found \(refresh) and \(token)")
            let strays = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
            #expect(strays.count <= 1, "an interrupted credentials write leaves at most its own scrap: \(strays)")
        }
        #expect(announced > Self.rounds, "the writer got far enough to be killed mid-write (\(announced) writes)")
    }
}

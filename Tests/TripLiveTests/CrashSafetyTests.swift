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
    /// The rounds whose random moment counts from the launch, so that some writers die before they
    /// have written anything. Every other round's counts from the writer's first commit, so that
    /// it dies among its writes however slowly the machine starts a process.
    static let killedFromLaunch: Set<Int> = [1, 6, 11, 16, 21]
    /// How long a writer may take to commit its first write: only a failing run waits this long.
    static let firstCommitLimit: Duration = .seconds(20)

    /// Where a round's random moment counts from.
    enum Start { case launch, firstCommit }

    /// Starts the writer on `folder` in `mode`, kills it `delay` after `start`, and returns the
    /// highest write it announced as done (nil for none).
    func runWriter(_ mode: String, killAfter delay: Duration, from start: Start) async throws -> Int? {
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
        var announcements = Data()
        if start == .firstCommit {
            // A writer that never commits is killed at the limit, which ends its output.
            let pid = process.processIdentifier
            let limit = Task {
                try await Task.sleep(for: Self.firstCommitLimit)
                kill(pid, SIGKILL)
            }
            announcements = await Self.firstLine(of: output.fileHandleForReading)
            limit.cancel()
            #expect(announcements.contains(UInt8(ascii: "\n")), "no write committed within \(Self.firstCommitLimit)")
        }
        try await Task.sleep(for: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(problem.isEmpty, "the writer failed on its own: \(problem)")
        announcements.append(output.fileHandleForReading.readDataToEndOfFile())
        let lines = String(decoding: announcements, as: UTF8.self).split(separator: "\n")
        return lines.compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil }.max()
    }

    /// Reads `handle` up to the end of its first line (the writer prints nothing but "committed N"
    /// lines), or to its end; what was read.
    static func firstLine(of handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            // A thread of its own, as the reads block: a task must not hold one of the pool's few threads.
            Thread.detachNewThread {
                var read = Data()
                while !read.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    read.append(chunk)
                }
                continuation.resume(returning: read)
            }
        }
    }

    /// A random moment from just after start-up (nothing written yet, when counted from the
    /// launch) to well into the writes.
    func randomDelay(_ generator: inout SystemRandomNumberGenerator) -> Duration {
        .milliseconds(Int.random(in: 5...250, using: &generator))
    }

    @Test func favouritesWriterKilledAtRandomLosesNothingCommitted() async throws {
        var generator = SystemRandomNumberGenerator()
        var announced = -1
        for round in 1...Self.rounds {
            let start: Start = Self.killedFromLaunch.contains(round) ? .launch : .firstCommit
            announced = max(announced, try await runWriter("favourites", killAfter: randomDelay(&generator), from: start) ?? -1)
            let (store, notice) = try SQLiteStore.open(in: folder)
            #expect(notice == nil)
            let ids = try await store.load().map(\.stop.stopID)
            #expect(ids.count > announced, "committed \(announced), found \(ids.count)")
            #expect(ids == (0..<ids.count).map { "stop-\($0)" }, "in order, none half-written")
        }
        // Writes are numbered from 0 across the rounds, and each round counted from a first commit adds one at least.
        #expect(announced + 1 >= Self.rounds - Self.killedFromLaunch.count, "killed mid-writes: \(announced + 1) writes")
    }

    @Test func settingsWriterKilledAtRandomLosesNothingSaved() async throws {
        var generator = SystemRandomNumberGenerator()
        var announced = -1
        for round in 1...Self.rounds {
            let start: Start = Self.killedFromLaunch.contains(round) ? .launch : .firstCommit
            announced = max(announced, try await runWriter("settings", killAfter: randomDelay(&generator), from: start) ?? -1)
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
        // Writes are numbered from 0 across the rounds, and each round counted from a first commit adds one at least.
        #expect(announced + 1 >= Self.rounds - Self.killedFromLaunch.count, "killed mid-writes: \(announced + 1) writes")
    }
}

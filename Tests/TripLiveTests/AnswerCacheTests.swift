import Foundation
import Testing
import TripCore
@testable import TripLive

/// The last good answers kept on disk: whole or not at all, within their size, moved aside when damaged.
struct AnswerCacheTests {
    static let received = Date(timeIntervalSinceReferenceDate: 800_000_000.123_456)
    static let key = AnswerKey.arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: "490008660N")

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tripboard-answers-\(UUID().uuidString)", isDirectory: true)
    }

    func answer(_ bodies: [String], key: AnswerKey = key) -> CachedAnswer {
        CachedAnswer(key: key, received: Self.received, bodies: bodies.map { Data($0.utf8) })
    }

    func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// An answer kept by one run is found by the next, bytes and time exactly as received.
    @Test func keptAnswerIsFoundByTheNextRun() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let kept = answer([#"[{"lineName":"12"}]"#, "", "second\nbody\u{0}"])
        await AnswerCache(cacheFolder: root).keep(kept)
        #expect(await AnswerCache(cacheFolder: root).kept(Self.key) == .found(kept))
        #expect(names(in: root.appendingPathComponent("answers")) == [Self.key.fileName])
    }

    /// An answer is given a body at a time, in order, each only once all were checked: a page
    /// altered in the middle of the file gives none. Its pages (140 kB each, 420 kB in all) are
    /// larger than the end of the file read for the header, so each is read from the file twice.
    @Test func bigAnswerIsGivenBodyByBodyOnlyWhenWhole() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        let pages = (0..<3).map { String(repeating: "page \($0) ", count: 20_000) }
        await cache.keep(answer(pages))
        var given: [Data] = []
        #expect(await cache.kept(Self.key) { given.append($0) } == .found(answer([])))
        #expect(given == pages.map { Data($0.utf8) })

        let file = cache.directory.appendingPathComponent(Self.key.fileName)
        var data = try Data(contentsOf: file)
        data[data.count / 2] ^= 0x20
        try data.write(to: file)
        given = []
        #expect(await cache.kept(Self.key) { given.append($0) } == .damaged(.movedAside(file: Self.key.fileName + ".damaged",
                                                                                     folder: cache.directory.path)))
        #expect(given.isEmpty)
    }

    /// Nothing kept is nothing found; a later answer replaces the earlier one.
    @Test func laterAnswerReplacesEarlier() async {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        #expect(await cache.kept(Self.key) == .none)
        await cache.keep(answer(["old"]))
        await cache.keep(answer(["new"]))
        #expect(await cache.kept(Self.key).answer?.bodies == [Data("new".utf8)])
        #expect(await cache.kept(.arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: "other")) == .none)
    }

    /// A file cut short, altered or of another format is moved aside and said; the next look finds nothing.
    @Test(arguments: ["cut", "altered", "foreign"])
    func damagedEntryIsMovedAsideAndSaid(damage: String) async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        await cache.keep(answer([String(repeating: "arrivals ", count: 100)]))
        let file = cache.directory.appendingPathComponent(Self.key.fileName)
        var data = try Data(contentsOf: file)
        switch damage {
        case "cut": data = data.dropLast(10)
        case "altered": data[data.count - 5] ^= 0xFF
        default: data = Data("<html>not an answer</html>".utf8)
        }
        try data.write(to: file)
        #expect(await cache.kept(Self.key) == .damaged(.movedAside(file: Self.key.fileName + ".damaged", folder: cache.directory.path)))
        #expect(names(in: cache.directory) == [Self.key.fileName + ".damaged"])
        #expect(await cache.kept(Self.key) == .none)
    }

    /// A file an earlier version of Tripboard kept (version 1, its byte-by-byte checksum) is not
    /// read, and not damaged either: nothing is found, nothing is moved aside, and the next answer
    /// kept replaces it.
    @Test func earlierVersionsFileIsNotReadNorCalledDamaged() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        let file = cache.directory.appendingPathComponent(Self.key.fileName)
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        let body = "[]"
        let header = #"{"checksum":"af63ad4c86019caf","key":"\#(Self.key.description)","lengths":[2],"received":800000000.123456}"#
        try Data("tripboard-answer 1\n\(header)\n\(body)".utf8).write(to: file)
        #expect(await cache.kept(Self.key) == .none)
        #expect(names(in: cache.directory) == [Self.key.fileName])
        await cache.keep(answer(["new"]))
        #expect(await cache.kept(Self.key).answer?.bodies == [Data("new".utf8)])
    }

    /// A file the builds before kept (version 2, its header before its bodies) is still read, so
    /// their kept answers stay on offer; the next answer kept replaces it in version 3.
    @Test func versionTwoFileIsStillRead() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        let file = cache.directory.appendingPathComponent(Self.key.fileName)
        try FileManager.default.createDirectory(at: cache.directory, withIntermediateDirectories: true)
        let bodies = [#"[{"lineName":"12"}]"#, "", String(repeating: "second\n", count: 20_000)]
        let checksum = AnswerCache.checksum(bodies.map { Data($0.utf8) })
        let lengths = bodies.map { String($0.utf8.count) }.joined(separator: ",")
        let header = #"{"checksum":"\#(checksum)","key":"\#(Self.key.description)","lengths":[\#(lengths)],"received":\#(Self.received.timeIntervalSinceReferenceDate)}"#
        try Data(("tripboard-answer 2\n\(header)\n" + bodies.joined()).utf8).write(to: file)
        #expect(await cache.kept(Self.key) == .found(answer(bodies)))
        await cache.keep(answer(["new"]))
        #expect(await cache.kept(Self.key).answer?.bodies == [Data("new".utf8)])
        #expect(try Data(contentsOf: file).starts(with: Data("tripboard-answer 3\n".utf8)))
    }

    /// The checksum, eight bytes at a time, still changes with any one byte changed (in a whole
    /// word or in the tail), with a byte moved from one body to the next, and with an empty body added.
    @Test func checksumSeesEveryByteAndEveryBoundary() {
        let text = Data("departures, twenty-one".utf8)
        let original = AnswerCache.checksum([text])
        for index in text.indices {
            var changed = text
            changed[index] ^= 0x01
            #expect(AnswerCache.checksum([changed]) != original, "byte \(index)")
        }
        #expect(AnswerCache.checksum([Data("ab".utf8), Data("c".utf8)]) != AnswerCache.checksum([Data("a".utf8), Data("bc".utf8)]))
        #expect(AnswerCache.checksum([text, Data()]) != original)
        #expect(AnswerCache.checksum([text]) == original)
    }

    /// A write that never finished (a process killed mid-write) leaves the answer before it in place.
    @Test func unfinishedWriteLeavesThePreviousAnswer() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        await cache.keep(answer(["before"]))
        let encoded = AnswerCache.encode(answer(["after, cut"]))
        try encoded.prefix(encoded.count / 2).write(to: cache.directory.appendingPathComponent(".\(Self.key.fileName).99.x.tmp"))
        #expect(await cache.kept(Self.key).answer?.bodies == [Data("before".utf8)])
    }

    /// An answer kept body by body is on disk as its bodies arrive, in its temporary file, and
    /// replaces the one kept before only when finished; one abandoned leaves the previous answer
    /// and no file of its own.
    @Test func answerWrittenBodyByBodyReplacesTheKeptOneOnlyWhenFinished() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        await cache.keep(answer(["before"]))
        let pages = [String(repeating: "first page ", count: 1000), "", String(repeating: "second page\n", count: 500)]
        func temporaryBytes() throws -> Int {
            let names = self.names(in: cache.directory).filter { $0.hasPrefix(".") }
            return try names.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: cache.directory.appendingPathComponent($1).path)[.size] as! Int) }
        }
        let writer = cache.writer(for: Self.key)
        for (index, page) in pages.enumerated() {
            await writer.add(Data(page.utf8))
            #expect(try temporaryBytes() >= pages[...index].reduce(0) { $0 + $1.utf8.count }, "written as it came")
            #expect(await cache.kept(Self.key).answer?.bodies == [Data("before".utf8)])
        }
        await writer.finish(received: Self.received)
        #expect(await cache.kept(Self.key) == .found(answer(pages)))
        #expect(names(in: cache.directory) == [Self.key.fileName])

        let abandoned = cache.writer(for: Self.key)
        await abandoned.add(Data("half an answer".utf8))
        await abandoned.abandon()
        await abandoned.finish(received: Self.received)
        #expect(await cache.kept(Self.key) == .found(answer(pages)))
        #expect(names(in: cache.directory) == [Self.key.fileName])
    }

    /// An answer of no bodies at all is kept as such.
    @Test func answerOfNoBodiesIsKept() async {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        await cache.keep(answer([]))
        #expect(await cache.kept(Self.key) == .found(answer([])))
    }

    /// Past the size limit, the answers written longest ago go first, and the newest stays.
    @Test func oldestGoFirstPastTheLimit() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let body = String(repeating: "x", count: 1000)
        let probe = AnswerCache.encode(answer([body], key: .arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: "0"))).count
        let cache = AnswerCache(cacheFolder: root, limit: Int64(probe * 3 + probe / 2))
        let keys = (0..<5).map { AnswerKey.arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: String($0)) }
        for (index, key) in keys.enumerated() {
            await cache.keep(answer([body], key: key))
            // File times are coarse: each answer is dated a minute after the one before, as if written then.
            let written = Date().addingTimeInterval(Double(index - 10) * 60)
            try FileManager.default.setAttributes([.modificationDate: written],
                                                  ofItemAtPath: cache.directory.appendingPathComponent(key.fileName).path)
        }
        var found: [Bool] = []
        for key in keys { found.append(await cache.kept(key).answer != nil) }
        // The fourth answer pushed out the first, the fifth the second.
        #expect(found == [false, false, true, true, true])
    }

    /// Each write leaves the folder within the limit.
    @Test func folderStaysWithinTheLimit() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let body = String(repeating: "y", count: 1000)
        let probe = AnswerCache.encode(answer([body], key: .arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: "0"))).count
        let cache = AnswerCache(cacheFolder: root, limit: Int64(probe * 3 + probe / 2))
        for stop in 0..<8 {
            await cache.keep(answer([body], key: .arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: String(stop))))
            #expect(names(in: cache.directory).count <= 3)
        }
        #expect(await cache.kept(.arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: "7")).answer != nil)
    }

    /// Settings' Clear cache empties the kept answers with the rest of the cache folder; keeping works again after.
    @Test func clearCacheEmptiesTheKeptAnswers() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = AnswerCache(cacheFolder: root)
        await cache.keep(answer(["kept"]))
        #expect(await CacheFolder(directory: root).size() > 0)
        try await CacheFolder(directory: root).clear()
        #expect(await cache.kept(Self.key) == .none)
        #expect(await CacheFolder(directory: root).size() == 0)
        await cache.keep(answer(["again"]))
        #expect(await cache.kept(Self.key).answer?.bodies == [Data("again".utf8)])
    }

    /// Processes keeping the same request's answer at once (the window and commands side by side)
    /// never leave a torn answer: while they write, every look finds one whole answer or none yet.
    @Test func racingProcessesNeverTearAnAnswer() async throws {
        let root = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = try #require(Bundle.main.executableURL).deletingLastPathComponent().appendingPathComponent("tripboard-store-writer")
        let processes = try ["first", "second", "third"].map { name in
            let process = Process()
            process.executableURL = writer
            process.arguments = [root.path, "answers", name, "20"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        let cache = AnswerCache(cacheFolder: root)
        while processes.contains(where: \.isRunning) {
            switch await cache.kept(Self.key) {
            case .none: continue
            case .found(let answer):
                let text = String(decoding: answer.bodies[0], as: UTF8.self)
                let piece = try #require(text.split(separator: ";").first)
                #expect(answer.bodies.count == 1 && text == String(repeating: piece + ";", count: text.count / (piece.count + 1)))
            case .damaged(let damage): Issue.record("a torn answer: \(damage)")
            }
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(await cache.kept(Self.key).answer != nil)
        #expect(names(in: cache.directory) == [Self.key.fileName])
    }
}

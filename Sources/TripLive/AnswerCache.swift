import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TripCore

/// The last good answer of each request, kept in files in the cache folder (`answers` in
/// `TRIPBOARD_CACHE_DIR`), one file per request, each as it was received.
///
/// A file is written whole or not at all: to a temporary file of its own (named for the process and
/// a fresh UUID), flushed to disk, then renamed over the old one. So two processes writing the same
/// request at once leave one answer or the other, never a mix, and a crash leaves the previous one.
/// Each file carries its request, its lengths and a checksum; one that does not add up is moved
/// aside (`<name>.damaged`) and said. Past `limit` bytes, the files written longest ago go first.
/// Settings' Clear cache (`CacheFolder`) empties the folder with the rest of the cache.
public struct AnswerCache: AnswerCaching {
    public let directory: URL
    /// Bytes the folder's files may hold (their lengths), damaged files and unfinished writes included.
    public let limit: Int64

    /// 50 MB: room for hundreds of answers (a deals answer is tens of kB).
    public static let defaultLimit: Int64 = 50_000_000
    /// The folder's name inside the cache folder.
    public static let folderName = "answers"
    /// The first line of every kept file: its format and version. Version 1 had a byte-by-byte
    /// checksum; a file of another version is not this one's to read, and not damaged either.
    static let signature = Data("tripboard-answer 2\n".utf8)
    /// What every version's first line begins with.
    static let format = Data("tripboard-answer ".utf8)
    /// A temporary file older than this is an unfinished write of a process that has gone.
    static let abandonedAfter: TimeInterval = 600

    public init(directory: URL, limit: Int64 = defaultLimit) {
        self.directory = directory
        self.limit = limit
    }

    /// The cache in the `answers` folder of `cacheFolder`.
    public init(cacheFolder: URL, limit: Int64 = defaultLimit) {
        self.init(directory: cacheFolder.appendingPathComponent(Self.folderName, isDirectory: true), limit: limit)
    }

    public func keep(_ answer: CachedAnswer) async {
        guard (try? write(Self.parts(answer), as: answer.key.fileName)) != nil else { return }
        trim()
    }

    public func kept(_ key: AnswerKey) async -> CacheLookup {
        let file = directory.appendingPathComponent(key.fileName)
        let data: Data, version: ino_t
        switch Self.read(file) {
        case .success(let read): (data, version) = read
        // Not there (never kept, or the cache was cleared meanwhile) is simply nothing kept.
        case .failure(let failure) where failure.code == ENOENT: return .none
        case .failure(let failure):
            return .damaged(moveAside(file) ?? .unreadable(file: key.fileName, why: String(cString: strerror(failure.code))))
        }
        switch Self.decode(data, for: key) {
        case .answer(let answer): return .found(answer)
        // Another request's answer under the same name (their hashes met), or one written by another
        // version of Tripboard: not this one's, and not damaged. The next answer kept replaces it.
        case .otherRequest, .otherVersion: return .none
        case .unreadable:
            // A writer may have put a whole answer in its place since: that one is not in the way.
            var now = stat()
            guard stat(file.path, &now) == 0, now.st_ino == version else { return await kept(key) }
            return .damaged(moveAside(file) ?? .unreadable(file: key.fileName, why: String(cString: strerror(errno))))
        }
    }

    // MARK: - Reading and writing

    /// The whole file, read through one descriptor: all of one version of it, however many
    /// writers replace it meanwhile (a read by path in steps could mix the sizes of two versions);
    /// and which version (its inode).
    private static func read(_ file: URL) -> Result<(Data, ino_t), POSIXFailure> {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(POSIXFailure(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(POSIXFailure(errno)) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(POSIXFailure(errno))
            }
            if count == 0 { return .success((data, status.st_ino)) }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes `parts`, one after the other, to a temporary file, flushes it, and renames it to `name`.
    private func write(_ parts: [Data], as name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(name).\(getpid()).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure(errno) }
        var written = false
        defer {
            if !written { unlink(temporary.path) }
        }
        do {
            defer { close(descriptor) }
            for part in parts {
                try part.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
                    var offset = 0
                    while offset < bytes.count {
                        let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                        if count < 0 {
                            if errno == EINTR { continue }
                            throw POSIXFailure(errno)
                        }
                        offset += count
                    }
                }
            }
            guard fsync(descriptor) == 0 else { throw POSIXFailure(errno) }
        }
        guard rename(temporary.path, directory.appendingPathComponent(name).path) == 0 else { throw POSIXFailure(errno) }
        written = true
        // The rename itself reaches the disk with the folder's entries.
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Removes the files written longest ago until the folder holds no more than `limit`. Another
    /// process's write under way is left alone; one abandoned long ago is removed.
    private func trim() {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        guard let names = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var files: [(url: URL, modified: Date, size: Int64)] = []
        var total: Int64 = 0
        let now = Date()
        for url in names {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            let modified = values.contentModificationDate ?? .distantPast
            let size = Int64(values.fileSize ?? 0)
            if url.lastPathComponent.hasPrefix(".") {
                if now.timeIntervalSince(modified) > Self.abandonedAfter { try? FileManager.default.removeItem(at: url) }
                else { total += size }
                continue
            }
            files.append((url, modified, size))
            total += size
        }
        files.sort { ($0.modified, $0.url.lastPathComponent) < ($1.modified, $1.url.lastPathComponent) }
        for file in files where total > limit {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }

    /// Moves a file that cannot be read out of its request's way, replacing an earlier damaged copy.
    private func moveAside(_ file: URL) -> CacheDamage? {
        let aside = file.lastPathComponent + ".damaged"
        guard rename(file.path, directory.appendingPathComponent(aside).path) == 0 else { return nil }
        return .movedAside(file: aside, folder: directory.path)
    }

    // MARK: - The file's format

    /// What the second line says of the bodies after it.
    private struct Header: Codable {
        var key: String
        /// Seconds since the reference date (2001), exact.
        var received: Double
        var lengths: [Int]
        /// `checksum(_:)` of the bodies, in hexadecimal.
        var checksum: String
    }

    private enum Reading {
        case answer(CachedAnswer)
        case otherRequest
        case otherVersion
        case unreadable
    }

    /// The file, in the parts it is written in: the signature line with the header as one line of
    /// JSON, then the bodies one after the other (written as they are, not copied into one buffer).
    static func parts(_ answer: CachedAnswer) -> [Data] {
        [header(answer)] + answer.bodies
    }

    /// The whole file, as `parts` writes it.
    static func encode(_ answer: CachedAnswer) -> Data {
        parts(answer).reduce(into: Data()) { $0.append($1) }
    }

    /// The file up to its bodies: the signature line and the header as one line of JSON.
    private static func header(_ answer: CachedAnswer) -> Data {
        let header = Header(key: answer.key.description, received: answer.received.timeIntervalSinceReferenceDate,
                            lengths: answer.bodies.map(\.count), checksum: checksum(answer.bodies))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A struct of strings, numbers and an array of numbers always encodes.
        var data = signature
        data.append((try? encoder.encode(header)) ?? Data())
        data.append(UInt8(ascii: "\n"))
        return data
    }

    private static func decode(_ data: Data, for key: AnswerKey) -> Reading {
        guard data.starts(with: signature) else { return data.starts(with: format) ? .otherVersion : .unreadable }
        let rest = data.dropFirst(signature.count)
        guard let end = rest.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(Header.self, from: rest[rest.startIndex..<end]),
              header.received.isFinite, header.lengths.allSatisfy({ $0 >= 0 && $0 <= data.count })
        else { return .unreadable }
        var at = end + 1
        guard header.lengths.reduce(0, +) == data.endIndex - at else { return .unreadable }
        var bodies: [Data] = []
        for length in header.lengths {
            bodies.append(Data(data[at..<at + length]))
            at += length
        }
        guard checksum(bodies) == header.checksum else { return .unreadable }
        guard header.key == key.description else { return .otherRequest }
        return .answer(CachedAnswer(key: key, received: Date(timeIntervalSinceReferenceDate: header.received), bodies: bodies))
    }

    /// A 64-bit hash of the bodies, one after the other, in hexadecimal: eight bytes at a time
    /// (multiply and fold, as FNV-1a does a byte), so 20 MB of pages take milliseconds. It finds
    /// damage, not tampering.
    static func checksum(_ bodies: [Data]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
            hash ^= hash >> 29
        }
        for body in bodies {
            body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                let words = bytes.count / 8
                for index in 0..<words { mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) }
                var tail: UInt64 = 0
                for byte in bytes[(words * 8)...].reversed() { tail = tail << 8 | UInt64(byte) }
                // The body's length ends each body's part, so bytes cannot move between bodies unseen.
                mix(tail)
                mix(UInt64(bytes.count))
            }
        }
        return String(format: "%016llx", hash)
    }
}

/// A system call's failure, by its `errno`.
private struct POSIXFailure: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}

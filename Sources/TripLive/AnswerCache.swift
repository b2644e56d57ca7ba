import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TripCore

/// The last good answer of each request, kept in files in the cache folder (`answers` in
/// `TRIPBOARD_CACHE_DIR`), one file per request, each as it was received.
///
/// A file is written whole or not at all: to a temporary file of its own (named for the process and
/// a fresh UUID), body by body as they arrive (`writer(for:)`), flushed to disk, then renamed over
/// the old one. So two processes writing the same request at once leave one answer or the other,
/// never a mix, and a crash leaves the previous one.
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
    /// checksum; version 2 its header before the bodies, and is still read. A file of another
    /// version is not this one's to read, and not damaged either.
    static let signature = Data("tripboard-answer 3\n".utf8)
    /// Version 2's first line: still read (`decode`), never written.
    static let signatureVersion2 = Data("tripboard-answer 2\n".utf8)
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
        let writer = AnswerFile(cache: self, key: answer.key)
        for body in answer.bodies { await writer.add(body) }
        await writer.finish(received: answer.received)
    }

    public func writer(for key: AnswerKey) -> any AnswerWriting {
        AnswerFile(cache: self, key: key)
    }

    public func kept(_ key: AnswerKey) async -> CacheLookup {
        var bodies: [Data] = []
        let lookup = await kept(key) { bodies.append($0) }
        guard case .found(var answer) = lookup else { return lookup }
        answer.bodies = bodies
        return .found(answer)
    }

    public func kept(_ key: AnswerKey, body each: (Data) -> Void) async -> CacheLookup {
        let file = directory.appendingPathComponent(key.fileName)
        let reading: Reading, version: ino_t
        switch Self.read(file, for: key, body: each) {
        case .success(let read): (reading, version) = read
        // Not there (never kept, or the cache was cleared meanwhile) is simply nothing kept.
        case .failure(let failure) where failure.code == ENOENT: return .none
        case .failure(let failure): return damaged(file, key: key, failure.code)
        }
        switch reading {
        case .answer(let answer): return .found(answer)
        // Another request's answer under the same name (their hashes met), or one written by another
        // version of Tripboard: not this one's, and not damaged. The next answer kept replaces it.
        case .otherRequest, .otherVersion: return .none
        case .unreadable, .cutShort:
            // A writer may have put a whole answer in its place since: that one is not in the way.
            // It is read instead, unless bodies of the one before were given out already.
            var now = stat()
            guard stat(file.path, &now) == 0, now.st_ino == version else {
                if case .cutShort = reading { return .none }
                return await kept(key, body: each)
            }
            return damaged(file, key: key, errno)
        }
    }

    /// The file that could not be read, moved aside; said with `code` when it cannot be moved.
    private func damaged(_ file: URL, key: AnswerKey, _ code: Int32) -> CacheLookup {
        .damaged(moveAside(file) ?? .unreadable(file: key.fileName, why: String(cString: strerror(code))))
    }

    // MARK: - Reading and writing

    /// The file read through one descriptor: all of one version of it, however many writers
    /// replace it meanwhile (a read by path in steps could mix the sizes of two versions); and
    /// which version (its inode). Its end first, for the header, then each body into a buffer of
    /// its own, given to `each`: never the whole file into one, to be copied again body by body.
    private static func read(_ file: URL, for key: AnswerKey, body each: (Data) -> Void) -> Result<(Reading, ino_t), POSIXFailure> {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(POSIXFailure(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(POSIXFailure(errno)) }
        do throws(POSIXFailure) {
            let reading = try decode(size: Int(status.st_size), for: key, body: each) { (offset, count) throws(POSIXFailure) -> Data? in
                var data = Data(count: count)
                var done = 0
                while done < count {
                    let read = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                    if read < 0 {
                        if errno == EINTR { continue }
                        throw POSIXFailure(errno)
                    }
                    if read == 0 { return nil }  // shorter than it said it was
                    done += read
                }
                return data
            }
            return .success((reading, status.st_ino))
        } catch {
            return .failure(error)
        }
    }

    /// A new temporary file for an answer to be named `name`, open for writing.
    fileprivate func temporaryFile(for name: String) throws -> (URL, Int32) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(name).\(getpid()).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure(errno) }
        return (temporary, descriptor)
    }

    /// Flushes the temporary file and renames it to `name`; the folder is flushed too, so that the
    /// rename itself reaches the disk with the folder's entries.
    fileprivate func install(_ temporary: URL, descriptor: Int32, as name: String) throws {
        guard fsync(descriptor) == 0 else { throw POSIXFailure(errno) }
        guard rename(temporary.path, directory.appendingPathComponent(name).path) == 0 else { throw POSIXFailure(errno) }
        let folder = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        trim()
    }

    fileprivate static func write(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws in
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

    /// Removes the files written longest ago until the folder holds no more than `limit`. Another
    /// process's write under way is left alone; one abandoned long ago is removed. Read with
    /// `readdir` and `fstatat`: `FileManager`'s resource values cost a Favourites refresh about
    /// 1 ms of its worker time for a few files (it names each file's owner and group).
    private func trim() {
        guard let folder = opendir(directory.path) else { return }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        var files: [(name: String, modified: timespec, size: Int64)] = []
        var total: Int64 = 0
        let now = Date().timeIntervalSince1970
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let size = Int64(status.st_size)
            if name.hasPrefix(".") {
                if now - Double(status.st_mtim.tv_sec) > Self.abandonedAfter { unlinkat(descriptor, name, 0) }
                else { total += size }
                continue
            }
            files.append((name, status.st_mtim, size))
            total += size
        }
        files.sort { ($0.modified.tv_sec, $0.modified.tv_nsec, $0.name) < ($1.modified.tv_sec, $1.modified.tv_nsec, $1.name) }
        for file in files where total > limit {
            unlinkat(descriptor, file.name, 0)
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
        /// Whole when checked, then short when read again for `each`, which had some of its bodies.
        case cutShort
    }

    /// The whole file, as `AnswerFile` writes it.
    static func encode(_ answer: CachedAnswer) -> Data {
        var checksum = Checksum()
        answer.bodies.forEach { checksum.add($0) }
        return answer.bodies.reduce(into: signature) { $0.append($1) }
            + trailer(key: answer.key, received: answer.received, lengths: answer.bodies.map(\.count), checksum: checksum)
    }

    /// What ends the file, after its bodies: a line break, then the header as one line of JSON.
    fileprivate static func trailer(key: AnswerKey, received: Date, lengths: [Int], checksum: Checksum) -> Data {
        let header = Header(key: key.description, received: received.timeIntervalSinceReferenceDate, lengths: lengths,
                            checksum: checksum.text)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A struct of strings, numbers and an array of numbers always encodes.
        var data = Data("\n".utf8)
        data.append((try? encoder.encode(header)) ?? Data())
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The file: the signature line, the bodies one after the other, then a line break and the
    /// header as one line of JSON (last, so that the bodies can be written as they arrive). A file
    /// of version 2 (kept by the builds before) is read too: its header is the line after the
    /// signature, before the bodies. `bytes(offset, count)` reads that many bytes there, nil when
    /// the file ends before.
    ///
    /// The bodies are read twice, one at a time, and never held together: first to check them
    /// against the header's checksum, then, only when whole, to give them to `each` in order. A
    /// body missing at the second reading (the file cut short in place, which no writer does) is
    /// `cutShort`: `each` has had some bodies, so nothing is read again.
    private static func decode(size: Int, for key: AnswerKey, body each: (Data) -> Void,
                               bytes: (Int, Int) throws(POSIXFailure) -> Data?) throws(POSIXFailure) -> Reading {
        guard let head = try bytes(0, min(size, signature.count)) else { return .unreadable }
        func header(_ line: Data) -> Header? { try? JSONDecoder().decode(Header.self, from: line) }
        // The header, where the bodies lie, and the part of the file read to find the header (a
        // small file's bodies are in it, and are not read again).
        let found: Header, bodies: Range<Int>, read: (start: Int, data: Data)
        switch head {
        case signature:
            // JSON written on one line has no line break in it: the header is the text after the
            // file's last line break but the one that ends it.
            let start = max(signature.count, size - headerRoom)
            guard let tail = try bytes(start, size - start), tail.last == UInt8(ascii: "\n"),
                  let before = tail.dropLast().lastIndex(of: UInt8(ascii: "\n")),
                  let line = header(tail[(before + 1)..<(tail.endIndex - 1)])
            else { return .unreadable }
            (found, bodies, read) = (line, signature.count..<(start + before - tail.startIndex), (start, tail))
        case signatureVersion2:
            let start = signatureVersion2.count
            guard let text = try bytes(start, min(size - start, headerRoom)), let end = text.firstIndex(of: UInt8(ascii: "\n")),
                  let line = header(text[..<end])
            else { return .unreadable }
            (found, bodies, read) = (line, (start + end - text.startIndex + 1)..<size, (start, text))
        default:
            return head.starts(with: format) ? .otherVersion : .unreadable
        }
        guard found.received.isFinite, found.lengths.allSatisfy({ $0 >= 0 && $0 <= size }),
              found.lengths.reduce(0, +) == bodies.count
        else { return .unreadable }
        /// The bodies in order, each given to `body` as it is read.
        func eachBody(_ body: (Data?) throws(POSIXFailure) -> Bool) throws(POSIXFailure) -> Bool {
            var at = bodies.lowerBound
            for length in found.lengths {
                let inRead = read.data.startIndex + at - read.start
                let next = at >= read.start && at + length <= read.start + read.data.count
                    ? Data(read.data[inRead..<(inRead + length)]) : try bytes(at, length)
                guard try body(next) else { return false }
                at += length
            }
            return true
        }
        var checksum = Checksum()
        guard try eachBody({ body in
            guard let body else { return false }
            checksum.add(body)
            return true
        }), checksum.text == found.checksum else { return .unreadable }
        guard found.key == key.description else { return .otherRequest }
        guard try eachBody({ body in
            guard let body else { return false }
            each(body)
            return true
        }) else { return .cutShort }
        return .answer(CachedAnswer(key: key, received: Date(timeIntervalSinceReferenceDate: found.received), bodies: []))
    }

    /// How far from its end a file's header is looked for: far more than a header of thirty
    /// bodies' lengths and a request takes.
    private static let headerRoom = 64 << 10

    /// `Checksum` of the bodies, one after the other.
    static func checksum(_ bodies: [Data]) -> String {
        var checksum = Checksum()
        bodies.forEach { checksum.add($0) }
        return checksum.text
    }
}

/// A 64-bit hash of the bodies, one after the other, in hexadecimal: eight bytes at a time
/// (multiply and fold, as FNV-1a does a byte), so 20 MB of pages take milliseconds. It finds
/// damage, not tampering. Bodies are added as they come.
struct Checksum {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ body: Data) {
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

    private mutating func mix(_ word: UInt64) {
        hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 29
    }

    var text: String { StableHash.hex(hash) }
}

/// One answer on its way into the cache: its temporary file, made with the first body and
/// written body by body, then renamed into place by `finish`. A write that fails drops the answer
/// (the one kept before stays); so does `abandon`.
private actor AnswerFile: AnswerWriting {
    private let cache: AnswerCache
    private let key: AnswerKey
    private enum State {
        case empty
        case writing(file: URL, descriptor: Int32, lengths: [Int], checksum: Checksum)
        case done
    }
    private var state = State.empty

    init(cache: AnswerCache, key: AnswerKey) {
        self.cache = cache
        self.key = key
    }

    func add(_ body: Data) {
        do {
            guard case .writing(let file, let descriptor, var lengths, var checksum) = try opened() else { return }
            try AnswerCache.write(body, to: descriptor)
            lengths.append(body.count)
            checksum.add(body)
            state = .writing(file: file, descriptor: descriptor, lengths: lengths, checksum: checksum)
        } catch {
            abandon()
        }
    }

    /// The state, with the temporary file made and its signature written if it was not yet.
    private func opened() throws -> State {
        if case .empty = state {
            let (file, descriptor) = try cache.temporaryFile(for: key.fileName)
            state = .writing(file: file, descriptor: descriptor, lengths: [], checksum: Checksum())
            try AnswerCache.write(AnswerCache.signature, to: descriptor)
        }
        return state
    }

    func finish(received: Date) {
        guard case .writing(let file, let descriptor, let lengths, let checksum) = (try? opened()) ?? .done else {
            return abandon()
        }
        state = .done
        defer { close(descriptor) }
        do {
            try AnswerCache.write(AnswerCache.trailer(key: key, received: received, lengths: lengths, checksum: checksum), to: descriptor)
            try cache.install(file, descriptor: descriptor, as: key.fileName)
        } catch {
            unlink(file.path)
        }
    }

    func abandon() {
        guard case .writing(let file, let descriptor, _, _) = state else {
            state = .done
            return
        }
        state = .done
        close(descriptor)
        unlink(file.path)
    }
}

/// A system call's failure, by its `errno`.
private struct POSIXFailure: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}

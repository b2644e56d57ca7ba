import Foundation
import TripCore

/// Pictures fetched once and kept: in memory for this run, on disk across runs.
///
/// Concurrent requests for one address share a single download. Only bytes that look like an image
/// (PNG, JPEG, GIF, WebP, TIFF) are stored, so an error page is never cached as a picture.
public actor ImageCache: ImageSource {
    private let transport: any HTTPTransport
    private let directory: URL?
    private let memoryLimit: Int
    private var memory: [URL: Data] = [:]
    private var memoryOrder: [URL] = []
    private var inFlight: [URL: Task<Data, any Error>] = [:]

    /// - Parameters:
    ///   - directory: where pictures are kept between runs; nil keeps them in memory only.
    ///   - memoryLimit: how many pictures stay in memory.
    public init(transport: any HTTPTransport, directory: URL?, memoryLimit: Int = 200) {
        self.transport = transport
        self.directory = directory
        self.memoryLimit = memoryLimit
    }

    public func imageData(at url: URL) async throws(APIError) -> Data {
        if let data = memory[url] { return data }
        let task = inFlight[url] ?? Task { [transport, directory] in
            if let file = Self.file(for: url, in: directory), let data = try? Data(contentsOf: file) {
                return data
            }
            let data = try await transport.send(HTTPRequest(url: url)).body
            if Self.looksLikeImage(data), let file = Self.file(for: url, in: directory) {
                try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(),
                                                         withIntermediateDirectories: true)
                try? data.write(to: file, options: .atomic)
            }
            return data
        }
        inFlight[url] = task
        defer { inFlight[url] = nil }
        do {
            let data = try await task.value
            if Self.looksLikeImage(data) { remember(data, for: url) }
            return data
        } catch let error as APIError {
            throw error
        } catch {
            throw .transport(.system(error.localizedDescription))
        }
    }

    private func remember(_ data: Data, for url: URL) {
        if memory.updateValue(data, forKey: url) == nil { memoryOrder.append(url) }
        while memoryOrder.count > memoryLimit {
            memory[memoryOrder.removeFirst()] = nil
        }
    }

    /// A stable file name per address: FNV-1a of the URL, so no address text reaches the file system.
    static func file(for url: URL, in directory: URL?) -> URL? {
        guard let directory else { return nil }
        return directory.appendingPathComponent(StableHash.hex(StableHash.fnv1a(url.absoluteString)))
    }

    static func looksLikeImage(_ data: Data) -> Bool {
        let signatures: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], [0x47, 0x49, 0x46, 0x38],
            [0x52, 0x49, 0x46, 0x46], [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A],
        ]
        return signatures.contains { data.starts(with: $0) }
    }
}

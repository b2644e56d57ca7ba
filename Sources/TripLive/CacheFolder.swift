import Foundation
import TripCore

/// The cache folder (pictures and any cached answers): its size, and emptying it. The folder
/// itself stays; only what is inside goes.
public struct CacheFolder: CacheStore {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public func size() async -> Int64 {
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.totalFileAllocatedSizeKey, .isRegularFileKey])
        else { return 0 }
        var total: Int64 = 0
        for case let file as URL in walk {
            let values = try? file.resourceValues(forKeys: [.totalFileAllocatedSizeKey, .isRegularFileKey])
            if values?.isRegularFile == true { total += Int64(values?.totalFileAllocatedSize ?? 0) }
        }
        return total
    }

    public func clear() async throws(StoreError) {
        let entries = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        var failed: [String] = []
        for entry in entries {
            do { try FileManager.default.removeItem(at: entry) } catch { failed.append(entry.lastPathComponent) }
        }
        if !failed.isEmpty {
            throw .cacheNotCleared(folder: directory.path, count: failed.count, first: failed[0])
        }
    }
}

import Foundation
import Glibc

/// An advisory lock on a folder, held across processes (`flock` on the folder itself), for the
/// few moments when two Tripboards must not interleave: opening and migrating the database, and
/// rewriting the credentials file.
enum FolderLock {
    /// Runs `body` holding the lock on `folder`, waiting for any other process that holds it.
    /// A folder that cannot be opened (it does not exist yet and cannot be made) is not locked:
    /// `body` then meets the same problem and reports it.
    static func holding<T>(_ folder: URL, _ body: () throws -> T) throws -> T {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

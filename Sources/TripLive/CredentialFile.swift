import Foundation
import Glibc
import Synchronization
import TripCore

/// Credentials (API tokens and keys) in `credentials.json` in the data folder, readable and
/// writable by their owner only (mode 0600). A file found readable by others is made private at
/// once and the person told. Values never appear in errors or notices.
public struct CredentialFile: Sendable {
    public static let fileName = "credentials.json"
    public let location: URL

    public init(directory: URL) {
        location = directory.appendingPathComponent(Self.fileName)
    }

    /// The saved credentials, and a notice when the file had to be made private or could not be read.
    public func load(now: Date = Date()) -> (values: [String: String], notice: StoreNotice?) {
        var notice: StoreNotice?
        var status = stat()
        guard stat(location.path, &status) == 0 else { return ([:], nil) }
        if status.st_mode & 0o077 != 0 {
            if chmod(location.path, 0o600) == 0 {
                notice = .credentialsMadePrivate(path: location.path)
            } else {
                notice = .credentialsNotPrivate(path: location.path, why: String(cString: strerror(errno)))
            }
        }
        guard let data = FileManager.default.contents(atPath: location.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            let aside = location.path + ".unreadable-\(Int(now.timeIntervalSince1970))"
            let moved = rename(location.path, aside) == 0
            return ([:], .credentialsUnreadable(movedTo: moved ? aside : nil))
        }
        return (object.compactMapValues { $0 as? String }, notice)
    }

    /// Saves `values` whole: written to a private temporary file, flushed, then renamed over the old one.
    public func save(_ values: [String: String]) throws(StoreError) {
        let failure = { (why: StoreFailure) in
            StoreError.failed(.saveCredentials(folder: location.deletingLastPathComponent().path), why)
        }
        guard let data = try? JSONSerialization.data(withJSONObject: values, options: [.sortedKeys]) else {
            throw failure(.unserialisable)
        }
        try? FileManager.default.createDirectory(at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
        removeScraps()
        let temporary = location.path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw failure(.system(String(cString: strerror(errno)))) }
        fchmod(descriptor, 0o600)
        let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let flushed = fsync(descriptor) == 0
        close(descriptor)
        guard written == data.count, flushed, rename(temporary, location.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw failure(.system(reason))
        }
    }
}

extension CredentialFile {
    /// Deletes temporary files left by writers that died mid-save (their process is gone); those
    /// of a live process, perhaps saving right now, are left alone.
    func removeScraps() {
        let folder = location.deletingLastPathComponent()
        let prefix = Self.fileName + "."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            guard let pid = pid_t(name.dropFirst(prefix.count).dropLast(4)), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder.appendingPathComponent(name).path)
        }
    }
}

/// Settings kept on this computer: plain ones in the app's database, credentials in the
/// owner-only file beside it.
public final class LocalSettingsStore: SettingsStore {
    private let database: LazySQLiteStore
    private let credentials: CredentialFile
    private let directory: URL
    /// One read-modify-write of the credentials file at a time in this process (the folder's lock
    /// keeps other processes out).
    private let lock = Mutex(())
    private let report: @Sendable (StoreError) -> Void

    /// - Parameter report: says a failure nobody waits for (saving the window's state as it closes).
    public init(database: LazySQLiteStore, directory: URL, report: @escaping @Sendable (StoreError) -> Void) {
        self.database = database
        self.report = report
        self.directory = directory
        credentials = CredentialFile(directory: directory)
    }

    /// Saves how the window is left, before returning (it is closing). A failure goes to `report`
    /// (the wiring says it on stderr): the window then opens as before next time, and nothing else is lost.
    public func saveWindowStateNow(_ state: WindowState) {
        do {
            try database.store().setSettingsNow(state.saved)
        } catch {
            report(error)
        }
    }

    /// The saved settings, read now (at start-up, before the window is built), and how the window
    /// was left (kept in the same table; the defaults when nothing readable was saved).
    /// - Parameter registry: the services whose settings may be saved besides the app's own.
    public func loadNow(registry: ServiceRegistry = .standard) -> (saved: [SettingKey: String], window: WindowState, notices: [StoreNotice]) {
        var rows: [String: String] = [:]
        var notices: [StoreNotice] = []
        do {
            rows = try database.store().settings()
        } catch {
            notices.append(.settingsUnread(error))
        }
        var saved: [SettingKey: String] = [:]
        for (name, value) in rows {
            if let key = registry.key(named: name), !key.isCredential { saved[key] = value }
        }
        if let notice = database.noticeNow { notices.append(notice) }
        let secrets = lock.withLock { _ in credentials.load() }
        for (name, value) in secrets.values {
            if let key = registry.key(named: name), key.isCredential, !value.isEmpty { saved[key] = value }
        }
        if let notice = secrets.notice { notices.append(notice) }
        return (saved, WindowState(saved: rows), notices)
    }

    public func saveSetting(_ key: SettingKey, _ value: String?) async throws(StoreError) {
        if key.isCredential {
            try lock.withLock { _ throws(StoreError) in
                do {
                    try FolderLock.holding(directory) {
                        var values = credentials.load().values
                        values[key.rawValue] = value
                        try credentials.save(values)
                    }
                } catch let error as StoreError {
                    throw error
                } catch {
                    throw .failed(.saveCredentials(folder: nil), .system(error.localizedDescription))
                }
            }
        } else {
            try await database.store().setSetting(key.rawValue, value)
        }
    }
}

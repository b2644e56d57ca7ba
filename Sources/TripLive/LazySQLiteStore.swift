import Foundation
import Synchronization
import TripCore

/// The app's database, opened on first use rather than at start-up: opening, migrating and
/// checking the file happen in the first call, off the main thread.
public final class LazySQLiteStore: FavouritesStore, AlertsStore, ValueStore {
    private let directory: URL
    private let whenUnsaved: SQLiteStore.WhenUnsaved
    private let busyTimeout: TimeInterval
    private let registry: ServiceRegistry
    private let opened = Mutex<(store: SQLiteStore, notice: StoreNotice?)?>(nil)

    /// - Parameters:
    ///   - whenUnsaved: what a write does when the folder cannot keep it: the window keeps
    ///   it in memory (and says so once); a command refuses it.
    ///   - busyTimeout: how long a write waits for another process's write before trying again.
    ///   - registry: the services whose stops the favourites are.
    public init(directory: URL, whenUnsaved: SQLiteStore.WhenUnsaved = .keepInMemory,
                busyTimeout: TimeInterval = SQLiteStore.busyTimeout, registry: ServiceRegistry = .standard) {
        self.directory = directory
        self.registry = registry
        self.whenUnsaved = whenUnsaved
        self.busyTimeout = busyTimeout
    }

    /// Opens the database now, if it was not yet: for a worker at start-up, so that the window's
    /// first read finds it open (GRDB's pool and its checks of the files take some 5 M
    /// instructions). A failure is met again, and said, by the first use.
    public func open() {
        _ = try? store()
    }

    /// The database, opened now if it was not yet. A database another process kept busy past
    /// every wait is not remembered as a failure: the next use tries again.
    func store() throws(StoreError) -> SQLiteStore {
        try opened.withLock { opened throws(StoreError) in
            if let opened { return opened.store }
            let fresh = try SQLiteStore.open(in: directory, whenUnsaved: whenUnsaved, busyTimeout: busyTimeout,
                                             registry: registry)
            opened = fresh
            return fresh.store
        }
    }

    public func load() async throws(StoreError) -> [Favourite] {
        try await store().load()
    }

    public func save(_ favourites: [Favourite]) async throws(StoreError) {
        try await store().save(favourites)
    }

    public func loadAlerts() async throws(StoreError) -> [Alert] {
        try await store().loadAlerts()
    }

    public func saveAlert(_ alert: Alert) async throws(StoreError) {
        try await store().saveAlert(alert)
    }

    public func deleteAlert(_ id: Alert.ID) async throws(StoreError) {
        try await store().deleteAlert(id)
    }

    public func value(for key: String) async -> String? {
        guard let store = try? store() else { return nil }
        return await store.value(for: key)
    }

    public func setValue(_ value: String, for key: String) async {
        guard let store = try? store() else { return }
        await store.setValue(value, for: key)
    }

    public func openingNotice() async -> StoreNotice? {
        noticeNow
    }

    /// What the person must be told about how the database was opened, if it has been and anything must be.
    var noticeNow: StoreNotice? {
        opened.withLock { $0?.notice }
    }
}

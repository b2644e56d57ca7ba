import Foundation
import Synchronization
import TripCore

/// The app's database, opened on first use rather than at start-up: opening, migrating and
/// checking the file happen in the first call, off the main thread.
public final class LazySQLiteStore: FavouritesStore, ValueStore {
    private let directory: URL
    private let opened = Mutex<(store: SQLiteStore, notice: String?)?>(nil)

    public init(directory: URL) {
        self.directory = directory
    }

    /// The database, opened now if it was not yet.
    var store: SQLiteStore {
        opened.withLock { opened in
            if let opened { return opened.store }
            let fresh = SQLiteStore.open(in: directory)
            opened = fresh
            return fresh.store
        }
    }

    public func load() async throws(StoreError) -> [Favourite] {
        try await store.load()
    }

    public func save(_ favourites: [Favourite]) async throws(StoreError) {
        try await store.save(favourites)
    }

    public func value(for key: String) async -> String? {
        await store.value(for: key)
    }

    public func setValue(_ value: String, for key: String) async {
        await store.setValue(value, for: key)
    }

    public func openingNotice() async -> String? {
        noticeNow
    }

    /// What the person must be told about how the database was opened, if it has been and anything must be.
    var noticeNow: String? {
        opened.withLock { $0?.notice }
    }
}

import Foundation
import Synchronization
import TripCore

/// The favourites database, opened on first use rather than at start-up: opening, migrating and
/// checking the file happen in the first `load` or `save`, off the main thread.
public final class LazyFavouritesStore: FavouritesStore {
    private let directory: URL
    private let opened = Mutex<(store: SQLiteFavouritesStore, notice: String?)?>(nil)

    public init(directory: URL) {
        self.directory = directory
    }

    private var store: SQLiteFavouritesStore {
        opened.withLock { opened in
            if let opened { return opened.store }
            let fresh = SQLiteFavouritesStore.open(in: directory)
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

    public func openingNotice() async -> String? {
        opened.withLock { $0?.notice }
    }
}

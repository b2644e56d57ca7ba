/// Where favourites are kept: the ordered list, saved whole in one commit.
public protocol FavouritesStore: Sendable {
    /// The favourites, in the order the person chose.
    func load() async throws(StoreError) -> [Favourite]
    /// Replaces the saved list with `favourites`, in this order, as one transaction: when this
    /// returns, the change is on disk; when it throws, the saved list is the one before.
    func save(_ favourites: [Favourite]) async throws(StoreError)
    /// What the person must be told about how the store was opened (a damaged file moved aside, a
    /// folder that cannot be written), once it has been; nil when all is well.
    func openingNotice() async -> StoreNotice?
}

extension FavouritesStore {
    public func openingNotice() async -> StoreNotice? { nil }
}

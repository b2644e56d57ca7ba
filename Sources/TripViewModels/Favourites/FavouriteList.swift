import Foundation
import Observation
import TripCore
import TripWords

/// The favourite stops, in order, and every edit of them: add, remove with Undo, reorder, routes
/// of interest.
///
/// Every change is committed to the store before it shows; changes run one after another, each on
/// the list the one before committed.
@MainActor
@Observable
public final class FavouriteList {
    /// A stop just removed, which Undo puts back where it was.
    public struct Removal: Equatable, Sendable {
        public var favourite: Favourite
        public var index: Int
        /// "Removed Oxford Circus Station (Stop OC)"
        // TRANSLATORS: the Undo bar, %1$@ a stop's name.
        public var message: String { tr("Removed %1$@").filled(favourite.stop.title) }
    }

    /// The favourites as committed to the store, in order; nil until the store has been read.
    public private(set) var favourites: [Favourite]?
    /// The removals Undo puts back, oldest first: every stop removed since Undo was last offered
    /// afresh, so removing two in quick succession loses neither.
    public private(set) var removals: [Removal] = []
    /// Something about the store the person must know (a damaged file moved aside, a read-only
    /// folder, a change that could not be saved); nil when all is well.
    public private(set) var storeNotice: String?
    /// The technical part of `storeNotice` (the file's name and why), for its "Details".
    public private(set) var storeNoticeDetails: String?
    /// How long Undo is offered after a removal, unless the list is made with another time.
    public nonisolated static let undoWindow: Duration = .seconds(8)

    /// Told once the store has been read (the list, or nothing after a failure, is in `favourites`).
    @ObservationIgnored public var onLoad: @MainActor () -> Void = {}
    /// Told of each list committed, once it shows and before the next change runs.
    @ObservationIgnored public var onCommit: @MainActor ([Favourite]) -> Void = { _ in }

    @ObservationIgnored private let store: any FavouritesStore
    @ObservationIgnored private let saves = SerialQueue()
    @ObservationIgnored private let undoOffer: Debouncer
    @ObservationIgnored private var reading: Task<Void, Never>?

    /// - Parameter undoWindow: how long Undo is offered after a removal.
    public init(store: any FavouritesStore, clock: any Clock<Duration>, undoWindow: Duration = FavouriteList.undoWindow) {
        self.store = store
        undoOffer = Debouncer(pause: undoWindow, clock: clock)
    }

    /// Whether there is any stop on the list.
    public var hasStops: Bool { favourites?.isEmpty == false }

    public func isFavourite(_ key: StopKey) -> Bool {
        favourites?.contains { $0.id == key } ?? false
    }

    public func favourite(_ key: StopKey) -> Favourite? {
        favourites?.first { $0.id == key }
    }

    /// What the Undo bar says: "Removed Oxford Circus Station (Stop OE)", "Removed A and B",
    /// "Removed 3 stops"; nil when there is nothing to undo.
    public var undoMessage: String? {
        switch removals.count {
        case 0: nil
        case 1: removals[0].message
        // TRANSLATORS: the Undo bar, %1$@ and %2$@ stops' names.
        case 2: tr("Removed %1$@ and %2$@").filled(removals[0].favourite.stop.title, removals[1].favourite.stop.title)
        default: Plural.counted(removals.count, "Removed %ld stop", "Removed %ld stops")
        }
    }

    /// Reads the store, once: later calls get the same reading.
    @discardableResult
    public func load() -> Task<Void, Never> {
        if let reading { return reading }
        let task = Task { [weak self, store] in
            let loaded: Result<[Favourite], StoreError>
            do throws(StoreError) { loaded = .success(try await store.load()) } catch { loaded = .failure(error) }
            guard let self else { return }
            if let notice = await store.openingNotice() {
                self.storeNotice = notice.summary
                self.storeNoticeDetails = notice.details
            }
            switch loaded {
            case .success(let list): self.favourites = list
            case .failure(let error):
                self.favourites = []
                self.storeNotice = error.sentence
                self.storeNoticeDetails = nil
            }
            self.onLoad()
        }
        reading = task
        return task
    }

    // MARK: - Editing, committed before shown

    /// Adds `stop` at the end. A stop already in favourites is not added twice.
    @discardableResult
    public func add(_ stop: TransitStop) -> Task<Bool, Never> {
        commit { list in
            guard !list.contains(where: { $0.id == stop.id }) else { return nil }
            return list + [Favourite(stop: stop)]
        }
    }

    /// Removes the stop, offering Undo for a while.
    @discardableResult
    public func remove(_ key: StopKey) -> Task<Bool, Never> {
        var removed: Removal?
        let task = commit { list in
            guard let index = list.firstIndex(where: { $0.id == key }) else { return nil }
            removed = Removal(favourite: list[index], index: index)
            var next = list
            next.remove(at: index)
            return next
        }
        return Task { [weak self] in
            let done = await task.value
            if done, let removed { self?.offerUndo(removed) }
            return done
        }
    }

    /// Puts every stop Undo is offered for back where it was, the last removed first, so each
    /// returns to its own place.
    @discardableResult
    public func undoRemoval() -> Task<Bool, Never> {
        guard !removals.isEmpty else { return Task { false } }
        let undone = removals
        removals = []
        undoOffer.cancel()
        return commit { list in
            var next = list
            for removal in undone.reversed() where !next.contains(where: { $0.id == removal.favourite.id }) {
                next.insert(removal.favourite, at: min(removal.index, next.count))
            }
            return next == list ? nil : next
        }
    }

    /// Moves a stop up (negative) or down (positive) by `offset` places, within the list.
    @discardableResult
    public func move(_ key: StopKey, by offset: Int) -> Task<Bool, Never> {
        commit { list in
            guard let index = list.firstIndex(where: { $0.id == key }) else { return nil }
            return Self.moving(list, from: index, to: index + offset)
        }
    }

    /// Moves a stop to where another one is (drag and drop).
    @discardableResult
    public func move(_ key: StopKey, to target: StopKey) -> Task<Bool, Never> {
        commit { list in
            guard let from = list.firstIndex(where: { $0.id == key }),
                  let to = list.firstIndex(where: { $0.id == target }) else { return nil }
            return Self.moving(list, from: from, to: to)
        }
    }

    /// Sets the routes of interest at a favourite stop; none means all.
    @discardableResult
    public func setRoutes(_ routes: [String], for key: StopKey) -> Task<Bool, Never> {
        commit { list in
            guard let index = list.firstIndex(where: { $0.id == key }), list[index].routes != routes else { return nil }
            var next = list
            next[index].routes = routes
            return next
        }
    }

    /// The person closed the Undo offer: the removals are final now, as when the offer runs out.
    public func declineUndo() {
        undoOffer.cancel()
        removals = []
    }

    public func dismissStoreNotice() {
        storeNotice = nil
        storeNoticeDetails = nil
    }

    private static func moving(_ list: [Favourite], from: Int, to: Int) -> [Favourite]? {
        let target = max(0, min(list.count - 1, to))
        guard target != from else { return nil }
        var next = list
        next.insert(next.remove(at: from), at: target)
        return next
    }

    /// Adds `removed` to what Undo puts back, and offers Undo for the whole window again.
    private func offerUndo(_ removed: Removal) {
        removals.append(removed)
        undoOffer.schedule { [weak self] _ in self?.removals = [] }
    }

    /// Runs `transform` on the committed list once earlier changes are done, saves what it returns
    /// (nil: nothing to change) and only then shows it. A failed save leaves the list as it was, and says so.
    private func commit(_ transform: @escaping @MainActor ([Favourite]) -> [Favourite]?) -> Task<Bool, Never> {
        saves.enqueue { [weak self] () -> Bool in
            guard let self else { return false }
            if self.favourites == nil { await self.load().value }
            guard let current = self.favourites, let next = transform(current) else { return false }
            do throws(StoreError) {
                try await self.store.save(next)
            } catch {
                self.storeNotice = error.sentence
                self.storeNoticeDetails = nil
                return false
            }
            self.favourites = next
            self.onCommit(next)
            return true
        }
    }
}

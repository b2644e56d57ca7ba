import Foundation
import Observation
import TripCore

/// The Favourites tab: the saved stops with their next arrivals, refreshed on a visible countdown
/// while the tab is showing; editing the list; a stop's full board.
///
/// Every change to the list is committed to the store before it shows; changes run one after
/// another, each on the list the one before committed.
@MainActor
@Observable
public final class FavouritesViewModel {
    /// What the tab shows.
    public enum Page: Equatable, Sendable {
        case list
        case addStop
        /// A stop's board; `fromAddStop` says where Back goes.
        case board(TransitStop, fromAddStop: Bool)
    }

    /// A stop just removed, which Undo puts back where it was.
    public struct Removal: Equatable, Sendable {
        public var favourite: Favourite
        public var index: Int
        /// "Removed Oxford Circus Station (Stop OC)"
        public var message: String { "Removed \(favourite.stop.title)" }
    }

    /// The favourites as committed to the store, in order; nil until the store has been read.
    public private(set) var favourites: [Favourite]?
    /// What is known live per stop (favourites and the board's stop).
    public private(set) var live: [StopKey: StopLive] = [:]
    public private(set) var page: Page = .list
    /// Seconds until the next automatic refresh.
    public private(set) var secondsToRefresh: Int
    /// The removals Undo puts back, oldest first: every stop removed since Undo was last offered
    /// afresh, so removing two in quick succession loses neither.
    public private(set) var removals: [Removal] = []
    /// Something about the store the person must know (a damaged file moved aside, a read-only
    /// folder, a change that could not be saved); nil when all is well.
    public private(set) var storeNotice: String?
    /// The moment rows are worded for; moves on every tick of the countdown.
    public private(set) var now: Date
    public var boardSort: StopBoard.SortOrder = .time

    /// How often the arrivals refresh (Settings: 10 s to 10 min); a change restarts the countdown.
    public var refreshInterval: Duration {
        didSet {
            guard refreshInterval != oldValue else { return }
            secondsToRefresh = Int(refreshInterval.components.seconds)
            if countdown != nil { startCountdown(refreshFirst: false) }
        }
    }
    /// 12- or 24-hour clock times; nil leaves each city to its habit.
    public var clockFormat: ClockFormat?
    /// How long Undo is offered after a removal.
    public static let undoWindow: Duration = .seconds(8)
    /// Arrivals requests in flight at once, at most.
    public static let maxInFlight = 6

    @ObservationIgnored private let store: any FavouritesStore
    @ObservationIgnored private var services: [ServiceID: any StopService]
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let currentTime: @Sendable () -> Date
    @ObservationIgnored private var countdown: Task<Void, Never>?
    @ObservationIgnored private var refreshing: Task<Void, Never>?
    @ObservationIgnored private var lastSave: Task<Bool, Never>?
    @ObservationIgnored private var undoTimer: Task<Void, Never>?
    @ObservationIgnored private var loading: Task<Void, Never>?
    @ObservationIgnored private var isShowing = false

    public init(store: any FavouritesStore, services: [any StopService], clock: any Clock<Duration>,
                now: @escaping @Sendable () -> Date = Date.init, refreshInterval: Duration = .seconds(30)) {
        self.store = store
        self.services = Dictionary(services.map { ($0.provider.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.clock = clock
        self.currentTime = now
        self.now = now()
        self.refreshInterval = refreshInterval
        self.secondsToRefresh = Int(refreshInterval.components.seconds)
    }

    // MARK: - What the list shows

    public var rows: [FavouriteRow] {
        guard let favourites else { return [] }
        return favourites.enumerated().map { index, favourite in
            FavouriteRow(favourite, live: live[favourite.id], now: now,
                         isFirst: index == 0, isLast: index == favourites.count - 1, clock: clockFormat)
        }
    }

    public var screen: ScreenState {
        guard let favourites else { return .loading }
        if favourites.isEmpty {
            return .empty(title: "No favourite stops yet",
                          message: "Add the stops you use, and their next buses show here, kept up to date.")
        }
        let states = favourites.map { live[$0.id] }
        if states.allSatisfy({ $0?.failure != nil && $0?.result == nil }), let failure = failure(of: favourites) {
            return .failed(failure)
        }
        return .content
    }

    /// Every stop failed on the last refresh but older arrivals are on screen.
    public var refreshFailure: UserFacingError? {
        guard let favourites, !favourites.isEmpty, case .content = screen else { return nil }
        guard favourites.allSatisfy({ live[$0.id]?.failure != nil }) else { return nil }
        return failure(of: favourites)
    }

    /// The failures of `favourites` as one, naming every failing service (one failure per service,
    /// in the list's order); nil when none failed.
    private func failure(of favourites: [Favourite]) -> UserFacingError? {
        var seen: Set<ServiceID> = []
        let failures = favourites.compactMap { favourite -> UserFacingError? in
            guard let failure = live[favourite.id]?.failure, seen.insert(favourite.id.provider).inserted else { return nil }
            return failure
        }
        guard let first = failures.first else { return nil }
        guard failures.count > 1 else { return first }
        return UserFacingError(title: failures.map(\.title).joined(separator: ". "),
                               message: failures.map(\.message).reduce(into: [String]()) { said, message in
                                   if !said.contains(message) { said.append(message) }
                               }.joined(separator: " "),
                               canRetry: failures.contains(where: \.canRetry))
    }

    /// What the Undo bar says: "Removed Oxford Circus Station (Stop OE)", "Removed A and B",
    /// "Removed 3 stops"; nil when there is nothing to undo.
    public var undoMessage: String? {
        switch removals.count {
        case 0: nil
        case 1: removals[0].message
        case 2: "Removed \(removals[0].favourite.stop.title) and \(removals[1].favourite.stop.title)"
        default: "Removed \(removals.count) stops"
        }
    }

    /// 1 just after a refresh, falling to 0 when the next one is due: the countdown bar.
    public var refreshFraction: Double {
        let total = Double(refreshInterval.components.seconds)
        return total > 0 ? Double(secondsToRefresh) / total : 0
    }

    /// Whether there is anything to refresh on the list (the countdown and Refresh show only then).
    public var hasStops: Bool { favourites?.isEmpty == false }

    /// "Next refresh in 25 s", or "Refreshing…".
    public var countdownText: String {
        isRefreshing ? "Refreshing…" : "Next refresh in \(secondsToRefresh) s"
    }

    public var isRefreshing: Bool { live.values.contains { $0.isLoading } }

    public func isFavourite(_ key: StopKey) -> Bool {
        favourites?.contains { $0.id == key } ?? false
    }

    public func favourite(_ key: StopKey) -> Favourite? {
        favourites?.first { $0.id == key }
    }

    // MARK: - Showing and the countdown

    /// The tab is on screen: read the store the first time, refresh what is out of date, and run the countdown.
    public func appear() {
        isShowing = true
        if favourites == nil {
            load()
        } else {
            startCountdown(refreshFirst: needsRefresh)
        }
    }

    /// Reads the store once; the countdown starts when that is done, if the tab is still showing.
    @discardableResult
    private func load() -> Task<Void, Never> {
        if let loading { return loading }
        let task = Task { [weak self, store] in
            let loaded: Result<[Favourite], StoreError>
            do throws(StoreError) { loaded = .success(try await store.load()) } catch { loaded = .failure(error) }
            guard let self else { return }
            if let notice = await store.openingNotice() { self.storeNotice = notice }
            switch loaded {
            case .success(let list): self.favourites = list
            case .failure(let error):
                self.favourites = []
                self.storeNotice = error.description
            }
            if self.isShowing { self.startCountdown(refreshFirst: true) }
        }
        loading = task
        return task
    }

    /// The tab is hidden or the window is minimised: no more requests, no timers.
    public func disappear() {
        isShowing = false
        countdown?.cancel()
        countdown = nil
        refreshing?.cancel()
        refreshing = nil
        for key in live.keys where live[key]?.isLoading == true { live[key]?.isLoading = false }
    }

    /// Refresh now (the Refresh button, F5, Ctrl+R) and start the countdown again.
    public func refresh() {
        guard favourites != nil else { return }
        startCountdown(refreshFirst: true)
    }

    /// Arrivals come from `services` from now on (the settings changed a source): what the old
    /// ones said goes, and what is showing is fetched again from the new ones.
    public func use(_ services: [any StopService]) {
        refreshing?.cancel()
        refreshing = nil
        self.services = Dictionary(services.map { ($0.provider.id, $0) }, uniquingKeysWith: { first, _ in first })
        live = [:]
        if countdown != nil { startCountdown(refreshFirst: true) }
    }

    /// Retry after every stop failed: the same requests again.
    public func retry() {
        refresh()
    }

    /// Whether what is on screen is older than one refresh interval.
    private var needsRefresh: Bool {
        let keys = visibleKeys
        return keys.contains { key in
            guard let fetched = live[key]?.fetchedAt else { return true }
            return currentTime().timeIntervalSince(fetched) >= Double(refreshInterval.components.seconds)
        }
    }

    /// The stops whose arrivals are on screen: the board's stop, or every favourite.
    private var visibleKeys: [StopKey] {
        switch page {
        case .board(let stop, _): [stop.id]
        case .list: favourites?.map(\.id) ?? []
        case .addStop: []
        }
    }

    private func startCountdown(refreshFirst: Bool) {
        countdown?.cancel()
        countdown = nil
        // Nothing on screen to keep fresh: no timer at all.
        guard !visibleKeys.isEmpty else { return }
        let total = Int(refreshInterval.components.seconds)
        countdown = Task { [weak self, clock] in
            var refreshNow = refreshFirst
            while !Task.isCancelled {
                guard let self else { return }
                if refreshNow {
                    await self.refreshVisible()
                    if Task.isCancelled { return }
                }
                self.now = self.currentTime()
                self.secondsToRefresh = total
                for _ in 0..<total {
                    do { try await clock.sleep(for: .seconds(1)) } catch { return }
                    self.secondsToRefresh -= 1
                    self.now = self.currentTime()
                }
                refreshNow = true
            }
        }
    }

    /// Fetches the visible stops' arrivals, at most `maxInFlight` at once; each row updates as its answer lands.
    private func refreshVisible() async {
        refreshing?.cancel()
        let keys = visibleKeys
        guard !keys.isEmpty else { return }
        for key in keys { live[key, default: StopLive()].isLoading = true }
        let services = services
        let task = Task { [weak self] in
            await withTaskGroup(of: (StopKey, Result<ArrivalsResult, APIError>).self) { group in
                var pending = keys[...]
                func startNext() {
                    guard let key = pending.popFirst() else { return }
                    group.addTask {
                        guard let service = services[key.provider] else {
                            return (key, .failure(.service("no service for \(key.provider) stops")))
                        }
                        return (key, await .of { () async throws(APIError) in try await service.arrivals(at: key.stopID) })
                    }
                }
                for _ in 0..<Self.maxInFlight { startNext() }
                for await (key, outcome) in group {
                    self?.land(outcome, for: key)
                    startNext()
                }
            }
        }
        refreshing = task
        await task.value
        if refreshing == task { refreshing = nil }
    }

    private func land(_ outcome: Result<ArrivalsResult, APIError>, for key: StopKey) {
        guard !Task.isCancelled else { return }
        now = currentTime()
        var state = live[key] ?? StopLive()
        state.isLoading = false
        switch outcome {
        case .success(let result):
            state.result = result
            state.fetchedAt = currentTime()
            state.failure = nil
        case .failure(.cancelled):
            break
        case .failure(let error):
            state.failure = UserFacingError(error, service: services[key.provider]?.provider.serviceName ?? "the service")
        }
        live[key] = state
    }

    // MARK: - Moving between list, board and add-stop

    public func openBoard(_ stop: TransitStop) {
        let fromAddStop = page == .addStop
        page = .board(stop, fromAddStop: fromAddStop)
        if isShowing { startCountdown(refreshFirst: needsRefresh) }
    }

    public func openAddStop() {
        page = .addStop
        startCountdown(refreshFirst: false)
    }

    /// Back from a board or add-stop, to where the person came from.
    public func back() {
        switch page {
        case .board(_, fromAddStop: true): page = .addStop
        case .board, .addStop: page = .list
        case .list: return
        }
        if isShowing { startCountdown(refreshFirst: needsRefresh) }
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
        undoTimer?.cancel()
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

    public func dismissStoreNotice() {
        storeNotice = nil
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
        undoTimer?.cancel()
        undoTimer = Task { [weak self, clock] in
            do { try await clock.sleep(for: Self.undoWindow) } catch { return }
            self?.removals = []
        }
    }

    /// Runs `transform` on the committed list once earlier changes are done, saves what it returns
    /// (nil: nothing to change) and only then shows it. A failed save leaves the list as it was, and says so.
    private func commit(_ transform: @escaping @MainActor ([Favourite]) -> [Favourite]?) -> Task<Bool, Never> {
        let previous = lastSave
        let task = Task { [weak self] () -> Bool in
            _ = await previous?.value
            guard let self else { return false }
            var current = self.favourites
            if current == nil { current = await self.loadedFavourites() }
            guard let current, let next = transform(current) else { return false }
            do throws(StoreError) {
                try await self.store.save(next)
            } catch {
                self.storeNotice = error.description
                return false
            }
            self.favourites = next
            if self.visibleKeys.isEmpty {
                self.countdown?.cancel()
                self.countdown = nil
            }
            let newcomers = next.filter { self.live[$0.id] == nil }
            if !newcomers.isEmpty, self.isShowing, self.page == .list { self.startCountdown(refreshFirst: true) }
            return true
        }
        lastSave = task
        return task
    }

    private func loadedFavourites() async -> [Favourite]? {
        await load().value
        return favourites
    }
}

extension FavouritesViewModel: SettingsFollower {
    public func follow(_ settings: Settings, services: ServiceSet, changed: SettingKey, clock: ClockFormat?) {
        switch changed {
        case _ where settings.serviceChanged(by: changed).map(settings.registry.transit) != nil: use(services.stops)
        case .refreshSeconds: refreshInterval = settings.refreshInterval
        case .clock: clockFormat = clock
        default: break
        }
    }
}

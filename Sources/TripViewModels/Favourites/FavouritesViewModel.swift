import Foundation
import Observation
import TripCore

/// The Favourites tab: where the person is (the list, a stop's board, "Add stop"), joining the
/// saved stops (`list`) to their arrivals, kept fresh while the tab shows (`cycle`).
///
/// The cycle refreshes what is on screen: every favourite on the list, the one stop on a board,
/// nothing while adding a stop.
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

    /// The favourites and their edits.
    public let list: FavouriteList
    /// The countdown and the arrivals it keeps fresh.
    public let cycle: RefreshCycle
    public private(set) var page: Page = .list
    public var boardSort: StopBoard.SortOrder = .time
    /// 12- or 24-hour clock times; nil leaves each city to its habit.
    public var clockFormat: ClockFormat?
    /// This machine's time zone: a row whose stop's clock reads otherwise says whose time it shows.
    public var localZone: TimeZone = .current

    @ObservationIgnored private var isShowing = false
    /// The rows worded at the moment shown, with what they were made from (see `rows(at:)`).
    @ObservationIgnored var worded: (inputs: RowInputs, rows: [FavouriteRow])?
    /// The list reads as at `inputs.now` until `until` (see `wordsChange`).
    @ObservationIgnored var steady: (inputs: RowInputs, until: Date)?
    /// Each favourite's row as last worded: what it was made from, and the moments between which
    /// it reads the same (see `row(_:isFirst:isLast:at:)`).
    @ObservationIgnored var wordedRows: [StopKey: (made: RowMade, from: Date, until: Date, row: FavouriteRow)] = [:]

    /// - Parameters:
    ///   - refreshInterval: how often arrivals refresh; by default, the setting's default.
    ///   - undoWindow: how long Undo is offered after a removal.
    public init(store: any FavouritesStore, services: [any TransitClient], clock: any IsolatedClock,
                now: @escaping @Sendable () -> Date = Date.init,
                refreshInterval: Duration = .seconds(Int(SettingKey.refreshSeconds.defaultValue)!),
                undoWindow: Duration = FavouriteList.undoWindow) {
        list = FavouriteList(store: store, clock: clock.asClock, undoWindow: undoWindow)
        cycle = RefreshCycle(services: services, clock: clock, now: now, interval: refreshInterval)
        cycle.stops = { [weak self] in self?.visibleKeys ?? [] }
        cycle.wordsChange = { [weak self] shown, tick in self?.wordsChange(from: shown, to: tick) ?? false }
        list.onLoad = { [weak self] in
            if let self, self.isShowing { self.cycle.start(refreshFirst: true) }
        }
        list.onCommit = { [weak self] favourites in self?.committed(favourites) }
    }

    /// The stops whose arrivals are on screen: the board's stop, or every favourite.
    private var visibleKeys: [StopKey] {
        switch page {
        case .board(let stop, _): [stop.id]
        case .list: list.favourites?.map(\.id) ?? []
        case .addStop: []
        }
    }

    // MARK: - Showing and refreshing

    /// The tab is on screen: read the store the first time, refresh what is out of date, and run the countdown.
    public func appear() {
        isShowing = true
        if list.favourites == nil {
            list.load()
        } else {
            cycle.start(refreshFirst: cycle.needsRefresh)
        }
    }

    /// The tab is hidden or the window is minimised: no more requests, no timers.
    public func disappear() {
        isShowing = false
        cycle.stop()
    }

    /// Refresh now (the Refresh button, F5, Ctrl+R) and start the countdown again.
    public func refresh() {
        guard list.favourites != nil else { return }
        cycle.start(refreshFirst: true)
    }

    /// Retry after every stop failed: the same requests again.
    public func retry() {
        refresh()
    }

    /// Arrivals come from `services` from now on (the settings changed a source): what the old
    /// ones said goes, and what is showing is fetched again from the new ones.
    public func use(_ services: [any TransitClient]) {
        cycle.use(services)
    }

    /// A change to the list is committed: nothing left on screen stops the countdown; a stop new
    /// to the list on screen is fetched at once.
    private func committed(_ favourites: [Favourite]) {
        if visibleKeys.isEmpty { cycle.start(refreshFirst: false) }
        let newcomers = favourites.filter { cycle.live[$0.id] == nil }
        if !newcomers.isEmpty, isShowing, page == .list { cycle.start(refreshFirst: true) }
    }

    // MARK: - Moving between list, board and add-stop

    public func openBoard(_ stop: TransitStop) {
        let fromAddStop = page == .addStop
        page = .board(stop, fromAddStop: fromAddStop)
        if isShowing { cycle.start(refreshFirst: cycle.needsRefresh) }
    }

    public func openAddStop() {
        page = .addStop
        cycle.start(refreshFirst: false)
    }

    /// Back from a board or add-stop, to where the person came from.
    public func back() {
        switch page {
        case .board(_, fromAddStop: true): page = .addStop
        case .board, .addStop: page = .list
        case .list: return
        }
        if isShowing { cycle.start(refreshFirst: cycle.needsRefresh) }
    }
}

extension FavouritesViewModel: SettingsFollower {
    public func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        switch changed {
        case _ where settings.serviceChanged(by: changed).map(settings.registry.transit) != nil: use(services.stops)
        case .refreshSeconds: cycle.interval = settings.refreshInterval
        case .clock: clockFormat = clock
        default: break
        }
    }
}

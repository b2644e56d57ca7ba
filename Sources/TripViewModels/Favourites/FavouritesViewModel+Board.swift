import Foundation
import TripCore
import TripWords

extension FavouritesViewModel {
    /// The open board, if the page is a board.
    public var board: StopBoard? { board(at: cycle.now) }

    /// The board as worded at `now`.
    func board(at now: Date) -> StopBoard? {
        guard case .board(let stop, _) = page else { return nil }
        return StopBoard(stop: stop, live: cycle.live[stop.id], favourite: list.favourite(stop.id), sort: boardSort,
                         now: now, clock: clockFormat)
    }

    /// Whether the page reads otherwise at `tick` than at `shown`: what the cycle's ticks ask.
    /// The list is worded again only from the first moment its words could change
    /// (`FavouriteRow.steadyUntil`): a few times a minute for a stop, not every second.
    func wordsChange(from shown: Date, to tick: Date) -> Bool {
        switch page {
        case .list:
            guard let favourites = list.favourites else { return false }
            let inputs = RowInputs(now: shown, favourites: favourites, live: cycle.live, clock: clockFormat, zone: localZone)
            // Held from the moment shown until the steady moment; a clock set back looks again.
            if let steady, steady.inputs == inputs, tick >= shown, tick < steady.until { return false }
            let before = rows(at: shown), ticked = rows(at: tick)
            let changed = before != ticked || notice(at: shown) != notice(at: tick)
            if changed {
                // The cycle shows `tick` next: the list asks for these rows again at once.
                var shownNext = inputs
                shownNext.now = tick
                worded = (shownNext, ticked)
                steady = (shownNext, rowsSteady(after: tick))
            } else {
                // The same at `tick` as at `shown`: the same until a row could change after `tick`.
                steady = (inputs, rowsSteady(after: tick))
            }
            return changed
        case .board: return board(at: shown) != board(at: tick)
        case .addStop: return false
        }
    }

    /// The board's or Add Stop's title in the header bar; nil on the list.
    public var drillDown: DrillDown? {
        switch page {
        case .list: nil
        case .addStop: DrillDown(title: tr("Add Stop"))
        case .board: board.map { DrillDown(title: $0.title, subtitle: $0.subtitle) }
        }
    }

    /// The star on the board: adds the board's stop, or removes it (with Undo).
    @discardableResult
    public func toggleBoardFavourite() -> Task<Bool, Never> {
        guard case .board(let stop, _) = page else { return Task { false } }
        return list.isFavourite(stop.id) ? list.remove(stop.id) : list.add(stop)
    }

    /// The star set on or off; nothing happens when it already says so.
    @discardableResult
    public func setBoardFavourite(_ on: Bool) -> Task<Bool, Never> {
        guard let board, board.isFavourite != on else { return Task { false } }
        return toggleBoardFavourite()
    }

    /// Turns one route of interest on or off at the board's stop; nothing happens when it already
    /// is. Turning a route on at a stop that is not a favourite adds the stop with that route.
    @discardableResult
    public func setBoardRoute(_ route: String, shown: Bool) -> Task<Bool, Never> {
        guard let board, board.isShown(route) != shown else { return Task { false } }
        let key = board.stop.id
        var chosen = !board.isFavourite ? [] : board.routesOfInterest.isEmpty ? board.routes : board.routesOfInterest
        if shown, !chosen.contains(route) { chosen.append(route) }
        if !shown { chosen.removeAll { $0 == route } }
        // Every route chosen is the same as none chosen: all.
        let routes = Set(chosen) == Set(board.routes) ? [] : board.routes.filter(chosen.contains)
        let adding = list.isFavourite(key) ? nil : list.add(board.stop)
        return Task { [weak self] in
            if let adding, await !adding.value { return false }
            guard let setting = self?.list.setRoutes(routes, for: key) else { return false }
            return await setting.value
        }
    }
}

import Foundation
import TripCore

/// A stop's full arrivals board: every arrival, sorted by time or by route, and the routes that
/// call there for choosing routes of interest.
public struct StopBoard: Sendable, Equatable {
    public enum SortOrder: String, CaseIterable, Sendable {
        case time = "By time"
        case route = "By route"
    }

    public var stop: TransitStop
    public var title: String
    /// "London bus · towards …" line under the title: mode, and when the arrivals were fetched.
    public var subtitle: String
    public var rows: [ArrivalRow]
    public var screen: ScreenState
    /// The stale or failure note shown above arrivals that stay on screen.
    public var notice: UserFacingError?
    /// The service's disruption and special-event messages for the stop, one a line; empty when none.
    public var serviceNotices: String
    public var isFavourite: Bool
    /// Every route known to call here, in the order people list them.
    public var routes: [String]
    /// The routes of interest; empty means all.
    public var routesOfInterest: [String]

    /// Whether `route` shows in favourites: the stop is one, and the route is chosen (or none are).
    public func isShown(_ route: String) -> Bool {
        isFavourite && (routesOfInterest.isEmpty || routesOfInterest.contains(route))
    }

    /// "Routes", or "Routes (2)" when some are chosen.
    public var routesLabel: String {
        routesOfInterest.isEmpty ? "Routes" : "Routes (\(routesOfInterest.count))"
    }

    init(stop: TransitStop, live: StopLive?, favourite: Favourite?, sort: SortOrder, now: Date, clock: ClockFormat? = nil) {
        self.stop = stop
        title = stop.title
        isFavourite = favourite != nil
        routesOfInterest = favourite?.routes ?? []
        let arrivals = (live?.result?.arrivals ?? []).filter { $0.seconds(from: now) >= 0 }
        let lines = Set(stop.lines + arrivals.map(\.line))
        routes = lines.sorted { $0.compare($1, options: .numeric) == .orderedAscending }

        let ordered: [Arrival] = switch sort {
        case .time: arrivals
        case .route: arrivals.sorted {
            $0.line == $1.line ? $0.expected < $1.expected
                : $0.line.compare($1.line, options: .numeric) == .orderedAscending
        }
        }
        rows = ordered.map { ArrivalRow($0, provider: stop.provider, now: now, clock: clock) }
        serviceNotices = (live?.result?.notices { $0.seconds(from: now) >= 0 } ?? []).map(\.shown).joined(separator: "\n")

        var parts = [stop.provider.modeName]
        if let direction = stop.direction { parts.append(direction) }
        if let fetched = live?.fetchedAt {
            parts.append("updated \(ArrivalText.age(seconds: Int(now.timeIntervalSince(fetched))))")
        }
        if let leftOut = live?.result?.leftOutSentence { parts.append(leftOut) }
        subtitle = parts.joined(separator: " · ")

        notice = nil
        if live?.result != nil {
            notice = live?.failure
            screen = rows.isEmpty
                ? .empty(title: "No \(stop.provider.vehiclesName) due in the next 30 minutes",
                         message: "Nothing is predicted at this stop for now. The board keeps looking.")
                : .content
        } else if let failure = live?.failure {
            screen = .failed(failure)
        } else {
            screen = .loading
        }
    }
}

extension FavouritesViewModel {
    /// The open board, if the page is a board.
    public var board: StopBoard? {
        guard case .board(let stop, _) = page else { return nil }
        return StopBoard(stop: stop, live: live[stop.id], favourite: favourite(stop.id), sort: boardSort, now: now,
                         clock: clockFormat)
    }

    /// The star on the board: adds the board's stop, or removes it (with Undo).
    @discardableResult
    public func toggleBoardFavourite() -> Task<Bool, Never> {
        guard case .board(let stop, _) = page else { return Task { false } }
        return isFavourite(stop.id) ? remove(stop.id) : add(stop)
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
        let adding = isFavourite(key) ? nil : add(board.stop)
        return Task { [weak self] in
            if let adding, await !adding.value { return false }
            guard let setting = self?.setRoutes(routes, for: key) else { return false }
            return await setting.value
        }
    }
}

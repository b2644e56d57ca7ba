import Foundation
import TripCore
import TripWords

extension FavouritesViewModel {
    /// The list's rows, each favourite with what is known live about it.
    public var rows: [FavouriteRow] { rows(at: cycle.now) }

    /// The rows as worded at `now`. Each tick of the countdown asks for the rows at the moment
    /// shown and at the tick's (`wordsChange`); those at the moment shown are kept, and given again
    /// while what they were made from is the same. A row is worded again only when its own stop,
    /// place in the list or format changed, or its words may have (`FavouriteRow.steadyUntil`):
    /// one stop's answer landing, or its bus a minute nearer, words that stop's row alone.
    func rows(at now: Date) -> [FavouriteRow] {
        guard let favourites = list.favourites else { return [] }
        let inputs = RowInputs(now: now, favourites: favourites, live: cycle.live, clock: clockFormat, zone: localZone)
        if let worded, worded.inputs == inputs { return worded.rows }
        let rows = favourites.enumerated().map { index, favourite in
            row(favourite, isFirst: index == 0, isLast: index == favourites.count - 1, at: now)
        }
        if wordedRows.count > favourites.count {
            let keys = Set(favourites.map(\.id))
            wordedRows = wordedRows.filter { keys.contains($0.key) }
        }
        if now == cycle.now { worded = (inputs, rows) }
        return rows
    }

    /// `favourite`'s row at `now`: the one worded before while it reads the same, or worded anew.
    private func row(_ favourite: Favourite, isFirst: Bool, isLast: Bool, at now: Date) -> FavouriteRow {
        let made = made(favourite, isFirst: isFirst, isLast: isLast)
        if let kept = wordedRows[favourite.id], kept.made == made, kept.from <= now, now < kept.until { return kept.row }
        let live = cycle.live[favourite.id]
        let row = FavouriteRow(favourite, live: live, now: now, isFirst: isFirst, isLast: isLast, clock: clockFormat, localZone: localZone)
        wordedRows[favourite.id] = (made, now, FavouriteRow.steadyUntil(favourite, live: live, after: now), row)
        return row
    }

    /// What `favourite`'s row is made from now, but the moment.
    private func made(_ favourite: Favourite, isFirst: Bool, isLast: Bool) -> RowMade {
        RowMade(favourite: favourite, shown: cycle.live[favourite.id]?.shown, isFirst: isFirst, isLast: isLast,
                clock: clockFormat, zone: localZone)
    }

    /// The first moment after `time` until which every row of the list reads as at `time`; `time`
    /// itself when a row kept was not worded from what it is made from now, or not for `time`.
    func rowsSteady(after time: Date) -> Date {
        guard let favourites = list.favourites else { return .distantFuture }
        var until = Date.distantFuture
        for (index, favourite) in favourites.enumerated() {
            guard let kept = wordedRows[favourite.id], kept.from <= time, time < kept.until,
                  kept.made == made(favourite, isFirst: index == 0, isLast: index == favourites.count - 1)
            else { return time }
            until = min(until, kept.until)
        }
        return until
    }

    public var screen: ScreenState {
        guard let favourites = list.favourites else { return .loading }
        if favourites.isEmpty {
            return .empty(title: tr("No favourite stops yet"),
                          message: tr("Add the stops you use, and their next buses show here, kept up to date."))
        }
        let allFailed = favourites.allSatisfy {
            if case .failed = cycle.live[$0.id]?.shown { true } else { false }
        }
        if allFailed, let failure = failure(of: favourites) {
            return .failed(failure)
        }
        return .content
    }

    /// What is said above the list: every stop failed its last refresh; or stops show arrivals
    /// kept from earlier because the service could not be reached ("Offline — showing arrivals
    /// from 14:05 (12 min ago)", by the oldest of them). Each row says its own too.
    public var notice: ContentNotice? { notice(at: cycle.now) }

    /// The notice as worded at `now`.
    func notice(at now: Date) -> ContentNotice? {
        if let refreshFailure { return ContentNotice(refreshFailed: refreshFailure) }
        guard let favourites = list.favourites, case .content = screen else { return nil }
        let offline = favourites.compactMap { favourite -> (Favourite, StopLive)? in
            guard let live = cycle.live[favourite.id], live.arrivals?.provenance?.isOffline == true else { return nil }
            return (favourite, live)
        }
        guard let (favourite, oldest) = offline.min(by: { ($0.1.fetchedAt ?? .distantPast) < ($1.1.fetchedAt ?? .distantPast) })
        else { return nil }
        return oldest.keptNotice(at: now, service: favourite.stop.provider.serviceName, clock: clockFormat)
    }

    /// Stops show arrivals kept from earlier, or refreshing failed: the network coming back should
    /// refresh them.
    public var awaitsNetwork: Bool { notice != nil || screen.isFailure }

    /// Every stop failed on the last refresh but older arrivals are on screen.
    public var refreshFailure: UserFacingError? {
        guard let favourites = list.favourites, !favourites.isEmpty, case .content = screen else { return nil }
        guard favourites.allSatisfy({ cycle.live[$0.id]?.failure != nil }) else { return nil }
        return failure(of: favourites)
    }

    /// The failures of `favourites` as one, naming every failing service (one failure per service,
    /// in the list's order); nil when none failed.
    private func failure(of favourites: [Favourite]) -> UserFacingError? {
        var seen: Set<ServiceID> = []
        let failures = favourites.compactMap { favourite -> UserFacingError? in
            guard let failure = cycle.live[favourite.id]?.failure, seen.insert(favourite.id.provider).inserted else { return nil }
            return failure
        }
        guard let first = failures.first else { return nil }
        guard failures.count > 1 else { return first }
        return UserFacingError(title: failures.map(\.title).joined(separator: ". "),
                               message: failures.map(\.message).reduce(into: [String]()) { said, message in
                                   if !said.contains(message) { said.append(message) }
                               }.joined(separator: " "),
                               details: Set(failures.compactMap(\.details)).sorted().joined(separator: " "),
                               canRetry: failures.contains(where: \.canRetry))
    }
}

/// Everything a favourite row's words come from. Comparing them is cheap when nothing changed:
/// arrays and dictionaries that share their storage compare equal without reading their elements.
struct RowInputs: Equatable {
    var now: Date
    var favourites: [Favourite]
    var live: [StopKey: StopLive]
    var clock: ClockFormat?
    var zone: TimeZone
}

/// Everything one favourite row's words come from but the moment: its stop's arrivals as shown,
/// not whether a refresh is under way, which the countdown says.
struct RowMade: Equatable {
    var favourite: Favourite
    var shown: StopLive.Shown?
    var isFirst: Bool
    var isLast: Bool
    var clock: ClockFormat?
    var zone: TimeZone
}

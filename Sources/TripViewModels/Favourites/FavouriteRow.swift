import Foundation
import TripCore
import TripWords

/// One stop of the Favourites list, every string ready to show.
public struct FavouriteRow: Sendable, Equatable, Identifiable {
    public var id: StopKey
    /// "Oxford Circus Station (Stop OC)"
    public var title: String
    /// "London bus · routes 73, 390" or "London bus · all routes"
    public var subtitle: String
    /// "73 · 2 min   390 · Due": the next arrival of each route of interest, soonest first, as
    /// one line of text (the command line's).
    public var arrivals: String
    /// The same arrivals one by one, as the row's route badges show them.
    public var nextArrivals: [NextArrival]
    /// "+2 more routes on the board" when the row names only some of the routes; empty otherwise.
    public var moreRoutes: String
    /// "Melbourne time" when the row shows clock times and the stop's clock reads differently from
    /// this machine's at the moment shown; empty otherwise.
    public var zoneHint: String
    /// Loading, nothing due, or a problem with how old the arrivals shown are; empty when all is well.
    public var status: String
    /// The service's disruption and special-event messages for the routes of interest, one a
    /// line ("Disruption: …"); empty when there are none.
    public var notices: String
    /// The arrivals shown are older than the last refresh, which failed.
    public var isStale: Bool
    /// "Oxford Circus Station, stop OC: route 73 in 2 minutes; route 390 due."
    public var accessibleName: String
    public var isFirst: Bool
    public var isLast: Bool

    /// One route's next arrival: its badge and when it comes.
    public struct NextArrival: Sendable, Equatable {
        /// "73"
        public var line: String
        /// The style of its route badge, as its city colours them; nil for the plain one.
        public var badgeStyle: String?
        /// "Due", "2 min", or "9:23 am (3 min)" where the city's signs show clock times.
        public var time: String
    }

    /// How many routes a row names at most; the board shows them all.
    static let routesShown = 6
    /// Arrivals older than this are marked with their age even before a refresh fails
    /// (e.g. just after the window comes back from being hidden).
    static let staleAfter = 120

    /// - Parameter localZone: this machine's time zone, against which a stop's clock is told apart.
    public init(_ favourite: Favourite, live: StopLive?, now: Date, isFirst: Bool, isLast: Bool, clock: ClockFormat? = nil,
                localZone: TimeZone = .current) {
        let stop = favourite.stop
        id = stop.id
        title = stop.title
        self.isFirst = isFirst
        self.isLast = isLast
        subtitle = translated(stop.provider.modeName) + (stop.direction.map { " · \($0)" } ?? "") + " · "
            + (favourite.routes.isEmpty ? tr("all routes")
                : trn("route %1$@", "routes %1$@", favourite.routes.count).filled(favourite.routes.joined(separator: tr(", "))))

        let shown = live?.shown ?? .waiting
        let result = live?.arrivals
        let (coming, kept) = live?.reading(at: now) ?? ([], nil)
        var nextByLine: [(line: String, seconds: Int, display: String)] = []
        for arrival in coming where favourite.shows(arrival.line) {
            let seconds = arrival.seconds(from: now)
            guard seconds >= 0, !nextByLine.contains(where: { $0.line == arrival.line }) else { continue }
            let display = ArrivalText.display(arrival, provider: stop.provider, now: now, format: clock)
            nextByLine.append((arrival.line, seconds, kept == nil ? display : ArrivalText.estimated(display)))
        }
        let named = nextByLine.prefix(Self.routesShown)
        let more = nextByLine.count - named.count
        nextArrivals = named.map { NextArrival(line: $0.line, badgeStyle: stop.provider.badgeStyle, time: $0.display) }
        moreRoutes = more > 0 ? trn("+%1$ld more route on the board", "+%1$ld more routes on the board", more).filled(more) : ""
        arrivals = named.map { "\($0.line) · \($0.display)" }.joined(separator: "   ") + (more > 0 ? "   " + moreRoutes : "")
        zoneHint = !named.isEmpty && stop.provider.showsClockTime
            ? ArrivalText.zoneHint(provider: stop.provider, against: localZone, at: now) ?? "" : ""

        notices = (result?.notices { favourite.shows($0.line) && $0.seconds(from: now) >= 0 } ?? [])
            .map(ArrivalText.notice).joined(separator: "\n")

        switch shown {
        case .arrivals(_, let fetchedAt, let failure):
            let age = Int(now.timeIntervalSince(fetchedAt))
            isStale = failure != nil || age > Self.staleAfter || kept != nil
            if let failure {
                // TRANSLATORS: %1$@ is a failure's title, %2$@ how old the arrivals shown are: "2 min ago".
                status = tr("Couldn’t refresh (%1$@) · showing arrivals from %2$@").filled(failure.title, ArrivalText.age(seconds: age))
            } else if let notice = live?.keptNotice(at: now, service: stop.provider.serviceName, clock: clock) {
                status = notice.sentence
            } else if isStale {
                // TRANSLATORS: %1$@ says how old the arrivals shown are: "2 min ago".
                status = tr("Arrivals from %1$@ · updating").filled(ArrivalText.age(seconds: age))
            } else if nextByLine.isEmpty {
                let vehicles = translated(stop.provider.vehiclesName)
                status = favourite.routes.isEmpty
                    ? tr("No %1$@ due in the next 30 minutes").filled(vehicles)
                    // TRANSLATORS: %1$@ names the vehicles: "buses", "trams".
                    : tr("No %1$@ on your routes due in the next 30 minutes").filled(vehicles)
            } else {
                status = ""
            }
        case .failed(let failure):
            isStale = false
            // TRANSLATORS: %1$@ is a failure's title, %2$@ what to do about it.
            status = tr("Couldn’t load arrivals: %1$@. %2$@").filled(failure.title, failure.message)
        case .waiting:
            isStale = false
            status = tr("Loading…")
        }

        let said = named.isEmpty ? tr("nothing to show")
            // TRANSLATORS: read aloud: a route's number, then when it comes: "route 88 in 3 minutes".
            : named.map {
                let spoken = ArrivalText.spoken(seconds: $0.seconds, provider: stop.provider)
                return tr("route %1$@ %2$@").filled($0.line, kept == nil ? spoken : ArrivalText.estimated(spoken))
            }
                .joined(separator: tr("; "))
        var sentence = tr("%1$@: %2$@").filled(stop.spokenName, said)
        sentence += more > 0 ? trn("; and %1$ld more route on the board.", "; and %1$ld more routes on the board.", more).filled(more) : "."
        if !status.isEmpty { sentence += " \(status)." }
        if !notices.isEmpty { sentence += " " + notices.replacingOccurrences(of: "\n", with: " ") }
        accessibleName = sentence
    }
}

extension FavouriteRow {
    /// A moment before which a row of `favourite` worded at `time`, and the list's notice about
    /// its stop, read the same: the countdown's ticks need not word them again to see. Never later
    /// than the first moment they could read otherwise; earlier only costs a tick a look.
    ///
    /// Every word made from the moment counts whole minutes to or from an instant the arrivals
    /// carry (an arrival's expected time, when they came), or says whether such an instant has
    /// passed, or tells a clock time's zone (whose offset changes on a whole minute). So the words
    /// can change only on those minutes: of each route's next arrival; of when the arrivals came,
    /// once their age is said (stale, kept, or after a failed refresh); as the arrivals become old
    /// enough to be marked stale; and, once kept ones are shown, as each kept arrival's time passes
    /// (they are counted as they go) and as they become too old to show.
    static func steadyUntil(_ favourite: Favourite, live: StopLive?, after time: Date) -> Date {
        var next = Date.distantFuture
        /// The first whole number of minutes from `anchor` at or after `time`.
        func minutes(from anchor: Date) {
            let boundary = anchor.addingTimeInterval((time.timeIntervalSince(anchor) / 60).rounded(.up) * 60)
            next = min(next, boundary)
        }
        func passing(_ instant: Date) {
            if instant >= time { next = min(next, instant) }
        }
        guard let live, let result = live.arrivals else { return next }
        let isKept = result.provenance?.isKept == true
        if let fetchedAt = live.fetchedAt {
            // Marked stale once more than `staleAfter` whole seconds old.
            let stale = fetchedAt.addingTimeInterval(TimeInterval(staleAfter + 1))
            passing(stale)
            // Their age is worded only once they are stale or kept, or a refresh failed.
            if time >= stale || isKept || live.failure != nil { minutes(from: fetchedAt) }
        }
        if isKept, let received = result.provenance?.received {
            minutes(from: received)
            passing(received.addingTimeInterval(KeptArrivals.staleAfter))
        }
        if favourite.stop.provider.showsClockTime { minutes(from: Date(timeIntervalSinceReferenceDate: 0)) }
        var lines: Set<String> = []
        for arrival in result.arrivals where isKept || favourite.shows(arrival.line) {
            passing(arrival.expected)
            if arrival.expected >= time, favourite.shows(arrival.line), lines.insert(arrival.line).inserted {
                minutes(from: arrival.expected)
            }
        }
        // A millisecond's margin for the rounding of the seconds between two instants.
        return next.addingTimeInterval(-0.001)
    }
}

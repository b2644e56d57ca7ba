import Foundation
import TripCore
import TripWords

/// A stop's full arrivals board: every arrival, sorted by time or by route, and the routes that
/// call there for choosing routes of interest.
public struct StopBoard: Sendable, Equatable {
    public enum SortOrder: String, CaseIterable, Sendable {
        case time = "By Time"
        case route = "By Route"

        /// What the sort button says, in the person's language (the raw value stays English).
        public var title: String {
            switch self {
            case .time: tr("By Time")
            case .route: tr("By Route")
            }
        }
    }

    public var stop: TransitStop
    public var title: String
    /// "London bus · towards …" line under the title: mode, and when the arrivals were fetched.
    public var subtitle: String
    public var rows: [ArrivalRow]
    public var screen: ScreenState
    /// The stale or failure note shown above arrivals that stay on screen, or where kept arrivals
    /// come from.
    public var notice: ContentNotice?
    /// The service's disruption and special-event messages for the stop, one a line; empty when none.
    public var serviceNotices: String
    public var isFavourite: Bool
    /// Every route known to call here, in the order people list them.
    public var routes: [String]
    /// The routes of interest; empty means all.
    public var routesOfInterest: [String]
    /// The arrival each row shows, by the row's id: what "Notify me" follows.
    public var arrivals: [ArrivalRow.ID: Arrival]

    /// Whether `route` shows in favourites: the stop is one, and the route is chosen (or none are).
    public func isShown(_ route: String) -> Bool {
        isFavourite && (routesOfInterest.isEmpty || routesOfInterest.contains(route))
    }

    /// "Routes", or "Routes (2)" when some are chosen.
    public var routesLabel: String {
        // TRANSLATORS: the routes button, and %1$ld routes chosen: "Routes (2)".
        routesOfInterest.isEmpty ? tr("Routes") : tr("Routes (%1$ld)").filled(routesOfInterest.count)
    }

    init(stop: TransitStop, live: StopLive?, favourite: Favourite?, sort: SortOrder, now: Date, clock: ClockFormat? = nil) {
        self.stop = stop
        title = stop.title
        isFavourite = favourite != nil
        routesOfInterest = favourite?.routes ?? []
        let shown = live?.shown ?? .waiting
        let result = live?.arrivals
        let (coming, kept) = live?.reading(at: now) ?? ([], nil)
        let arrivals = coming.filter { $0.seconds(from: now) >= 0 }
        let lines = Set(stop.lines + arrivals.map(\.line))
        routes = lines.sorted { $0.compare($1, options: .numeric) == .orderedAscending }

        let ordered: [Arrival] = switch sort {
        case .time: arrivals
        case .route: arrivals.sorted {
            $0.line == $1.line ? $0.expected < $1.expected
                : $0.line.compare($1.line, options: .numeric) == .orderedAscending
        }
        }
        rows = ordered.map { ArrivalRow($0, provider: stop.provider, now: now, clock: clock, estimated: kept != nil) }
        self.arrivals = Dictionary(zip(rows.map(\.id), ordered), uniquingKeysWith: { first, _ in first })
        if sort == .route {
            for index in rows.indices where index == 0 || rows[index - 1].line != rows[index].line {
                // TRANSLATORS: a heading over one route's arrivals on the board: "Route 88".
                rows[index].heading = trc("board heading", "Route %1$@").filled(rows[index].line)
            }
        }
        serviceNotices = (result?.notices { $0.seconds(from: now) >= 0 } ?? []).map(ArrivalText.notice).joined(separator: "\n")

        var parts = [translated(stop.provider.modeName)]
        if let direction = stop.direction { parts.append(direction) }
        if let age = live?.age(at: now) {
            // TRANSLATORS: %1$@ says how long ago: "2 min ago".
            parts.append(tr("updated %1$@").filled(ArrivalText.age(seconds: age)))
        }
        if let leftOut = result?.leftOut.sentence(.prediction) { parts.append(leftOut) }
        subtitle = parts.joined(separator: " · ")

        switch shown {
        case .arrivals(_, _, let failure):
            notice = failure.map(ContentNotice.init(refreshFailed:))
                ?? live?.keptNotice(at: now, service: stop.provider.serviceName, clock: clock)
            screen = rows.isEmpty && kept == nil
                // TRANSLATORS: %1$@ names the vehicles: "buses", "trams".
                ? .empty(title: tr("No %1$@ due in the next 30 minutes").filled(translated(stop.provider.vehiclesName)),
                         message: tr("Nothing is predicted at this stop for now. The board keeps looking."))
                : rows.isEmpty ? .empty(title: notice?.sentence ?? "", message: tr("The board keeps trying to reach the service."))
                : .content
        case .failed(let failure):
            notice = nil
            screen = .failed(failure)
        case .waiting:
            notice = nil
            screen = .loading
        }
    }
}

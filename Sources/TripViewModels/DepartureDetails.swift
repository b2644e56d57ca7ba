import Foundation
import TripCore
import TripWords

/// Everything about one departure, for its details view.
public struct DepartureDetails: Sendable, Equatable {
    /// "Port Authority Bus Terminal → Gare d'autocars de Montréal"
    public var title: String
    /// "Friday 29 July 2016"
    public var day: String
    /// Label and value pairs: departs, arrives, duration, operator, class, seats, amenities.
    public var facts: [Fact]
    /// The fare and its parts, the total last.
    public var price: [Fact]
    /// Stops along the way with their local times; empty when the service gives none.
    public var stops: [Fact]
    /// The two stations, for "Map of the trip"; nil when the service did not place both.
    public var route: TripRoute?

    public struct Fact: Sendable, Equatable {
        public var label: String
        public var value: String
    }

    public init(_ item: ResolvedDeparture, formatter: PriceFormatter, clock: ClockFormat? = nil) {
        let row = DepartureRow(item, formatter: formatter, clock: clock)
        title = "\(row.origin) → \(row.destination)"
        var style = Date.FormatStyle(date: .complete, time: .omitted, locale: formatter.locale)
        style.timeZone = item.departureZone
        day = item.departure.formatted(style)
        func zoned(_ instant: Date, _ zone: TimeZone, _ clock: String) -> String {
            "\(clock) \(zone.shortName(at: instant))"
        }
        facts = [
            Fact(label: "Departs", value: zoned(item.departure, item.departureZone, row.departs) + " from \(row.origin)"),
            Fact(label: "Arrives", value: zoned(item.arrival, item.arrivalZone, row.arrives)
                + (row.dayOffset.isEmpty ? "" : " (\(row.dayOffset) day)") + " at \(row.destination)"),
            Fact(label: "Duration", value: row.duration),
            Fact(label: "Operator", value: row.operatorName),
        ]
        if let className = item.className, !className.isEmpty { facts.append(Fact(label: "Class", value: className)) }
        if !row.seats.isEmpty { facts.append(Fact(label: "Seats", value: row.seats)) }
        facts.append(Fact(label: "On board", value: row.amenities.isEmpty ? "Not stated" : row.amenities))

        func money(_ cents: Int) -> String { formatter.string(minorUnits: cents, currency: item.currency) }
        price = []
        if let parts = item.breakdown {
            if let base = parts.base { price.append(Fact(label: "Fare", value: money(base))) }
            if let fees = parts.fees, fees != 0 { price.append(Fact(label: "Fees", value: money(fees))) }
            if let taxes = parts.taxes, taxes != 0 { price.append(Fact(label: "Taxes", value: money(taxes))) }
            if let discount = parts.discount, discount != 0 { price.append(Fact(label: "Discount", value: "−" + money(abs(discount)))) }
        }
        price.append(Fact(label: "Total", value: row.price))

        route = TripRoute(item)
        stops = item.stops.map { stop in
            let time = (stop.departureTime ?? stop.arrivalTime).flatMap(LocalDateTime.init)?.clockTime(clock ?? .twentyFourHour) ?? ""
            return Fact(label: time, value: stop.name)
        }
    }
}

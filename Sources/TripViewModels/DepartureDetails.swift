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
        // TRANSLATORS: a departure's heading: from one station %1$@ to another %2$@.
        title = tr("%1$@ → %2$@").filled(row.origin, row.destination)
        var style = Date.FormatStyle(date: .complete, time: .omitted, locale: formatter.locale)
        style.timeZone = item.departureZone
        day = item.departure.formatted(style)
        func zoned(_ instant: Date, _ zone: TimeZone, _ clock: String) -> String {
            // TRANSLATORS: a time and its zone's short name: "07:00 EDT".
            tr("%1$@ %2$@").filled(clock, zone.shortName(at: instant))
        }
        facts = [
            // TRANSLATORS: a departure's time ("07:00 EDT"), then its station.
            Fact(label: tr("Departs"), value: tr("%1$@ from %2$@").filled(zoned(item.departure, item.departureZone, row.departs), row.origin)),
            Fact(label: tr("Arrives"), value: row.dayOffset.isEmpty
                // TRANSLATORS: an arrival's time ("15:05 EDT"), then its station.
                ? tr("%1$@ at %2$@").filled(zoned(item.arrival, item.arrivalZone, row.arrives), row.destination)
                // TRANSLATORS: an arrival's time ("15:05 EDT"), %2$@ the days later ("+1"), then its station %3$@.
                : tr("%1$@ (%2$@ day) at %3$@").filled(zoned(item.arrival, item.arrivalZone, row.arrives), row.dayOffset, row.destination)),
            Fact(label: tr("Duration"), value: row.duration),
            Fact(label: tr("Operator"), value: row.operatorName),
        ]
        if let className = item.className, !className.isEmpty { facts.append(Fact(label: tr("Class"), value: className)) }
        if !row.seats.isEmpty { facts.append(Fact(label: tr("Seats"), value: row.seats)) }
        facts.append(Fact(label: tr("On board"), value: row.amenities.isEmpty ? tr("Not stated") : row.amenities))

        func money(_ cents: Int) -> String { formatter.string(minorUnits: cents, currency: item.currency) }
        price = []
        if let parts = item.breakdown {
            if let base = parts.base { price.append(Fact(label: tr("Fare"), value: money(base))) }
            if let fees = parts.fees, fees != 0 { price.append(Fact(label: tr("Fees"), value: money(fees))) }
            if let taxes = parts.taxes, taxes != 0 { price.append(Fact(label: tr("Taxes"), value: money(taxes))) }
            if let discount = parts.discount, discount != 0 { price.append(Fact(label: tr("Discount"), value: "−" + money(abs(discount)))) }
        }
        price.append(Fact(label: tr("Total"), value: row.price))

        route = TripRoute(item)
        stops = item.stops.map { stop in
            let time = (stop.departureTime ?? stop.arrivalTime).flatMap(LocalDateTime.init)?.clockTime(clock ?? .twentyFourHour) ?? ""
            return Fact(label: time, value: stop.name)
        }
    }
}

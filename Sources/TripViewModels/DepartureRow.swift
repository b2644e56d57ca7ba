import Foundation
import TripCore
import TripWords

/// One departure as the Departures list shows it. The strings are made when read: a list of
/// 10,000 departures shows a screenful, so it formats only the rows on screen and keeps no text
/// for the rest.
///
/// What it holds is held once, by reference: a search copies its rows many times as pages merge
/// into sorted order and the list compares them, and a copy of the values themselves counted
/// some twenty references; a copy of a row counts one, and a row compared with a copy of itself
/// is told equal without reading its fields.
public struct DepartureRow: Sendable, Equatable, Identifiable {
    private final class Content: Sendable {
        let source: ResolvedDeparture
        let formatter: PriceFormatter
        let clock: ClockFormat?

        init(source: ResolvedDeparture, formatter: PriceFormatter, clock: ClockFormat?) {
            self.source = source
            self.formatter = formatter
            self.clock = clock
        }
    }

    private let content: Content

    /// The departure as the search resolved it.
    public var source: ResolvedDeparture { content.source }
    private var formatter: PriceFormatter { content.formatter }
    /// 12- or 24-hour times; 24-hour, the timetables' habit, when nil.
    private var clock: ClockFormat? { content.clock }

    public init(_ item: ResolvedDeparture, formatter: PriceFormatter, clock: ClockFormat? = nil) {
        content = Content(source: item, formatter: formatter, clock: clock)
    }

    public var id: String { source.id }
    /// "07:00"
    public var departs: String { source.localDeparture.clockTime(clock ?? .twentyFourHour) }
    /// "15:05"
    public var arrives: String { source.localArrival.clockTime(clock ?? .twentyFourHour) }
    /// "+1" when it arrives on a later day, else empty.
    public var dayOffset: String { source.arrivalDayOffset > 0 ? "+\(source.arrivalDayOffset)" : "" }
    /// "8 h 05 min"
    public var duration: String { DurationText.short(minutes: source.durationMinutes) }
    public var origin: String { source.originName ?? tr("Station not yet known") }
    public var destination: String { source.destinationName ?? tr("Station not yet known") }
    public var operatorName: String { source.operatorName ?? tr("Operator not yet known") }
    /// "US$52.00"
    public var price: String { formatter.string(minorUnits: source.priceCents, currency: source.currency) }
    /// "12 seats left", or empty when the service does not say.
    public var seats: String { source.availableSeats.map { Plural.counted($0, "%ld seat left", "%ld seats left") } ?? "" }
    /// "Wi-Fi · Power outlets · Toilet"
    public var amenities: String { source.amenities.map(translated).joined(separator: " · ") }
    /// Read aloud by screen readers: "Departs 07:00 from Port Authority Bus Terminal, arrives 15:05 at
    /// Gare d'autocars de Montréal, Greyhound, US$52.00".
    public var accessibleName: String {
        switch source.arrivalDayOffset {
        case 0:
            // TRANSLATORS: read aloud: times %1$@ and %3$@, stations %2$@ and %4$@, the operator %5$@ and the price %6$@.
            tr("Departs %1$@ from %2$@, arrives %3$@ at %4$@, %5$@, %6$@").filled(departs, origin, arrives, destination, operatorName, price)
        case 1:
            tr("Departs %1$@ from %2$@, arrives %3$@ the next day at %4$@, %5$@, %6$@").filled(departs, origin, arrives, destination, operatorName, price)
        default:
            // TRANSLATORS: as above, %7$ld the days between departure and arrival.
            tr("Departs %1$@ from %2$@, arrives %3$@ %7$ld days later at %4$@, %5$@, %6$@")
                .filled(departs, origin, arrives, destination, operatorName, price, source.arrivalDayOffset)
        }
    }

    public static func == (first: DepartureRow, second: DepartureRow) -> Bool {
        // The departure first: it tells most rows apart, and a locale is the slowest to compare.
        if first.content === second.content { return true }
        return first.source == second.source && first.clock == second.clock && first.formatter.locale == second.formatter.locale
    }
}

import Foundation
import TripCore

/// One departure as the Departures list shows it, every string ready to display.
public struct DepartureRow: Sendable, Equatable, Identifiable {
    public var id: String
    /// "07:00"
    public var departs: String
    /// "15:05"
    public var arrives: String
    /// "+1" when it arrives on a later day, else empty.
    public var dayOffset: String
    /// "8 h 05 min"
    public var duration: String
    public var origin: String
    public var destination: String
    public var operatorName: String
    /// "US$52.00"
    public var price: String
    /// "12 seats left", or empty when the service does not say.
    public var seats: String
    /// "Wi-Fi · Power outlets · Toilet"
    public var amenities: String
    /// Read aloud by screen readers: "Departs 07:00 from Port Authority Bus Terminal, arrives 15:05 at
    /// Gare d'autocars de Montréal, Greyhound, US$52.00".
    public var accessibleName: String

    // Sort keys.
    var departure: Date
    var priceCents: Int
    var durationMinutes: Int

    /// - Parameter clock: 12- or 24-hour times; 24-hour, the timetables' habit, when nil.
    public init(_ item: ResolvedDeparture, formatter: PriceFormatter, clock: ClockFormat? = nil) {
        id = item.id
        departs = item.localDeparture.clockTime(clock ?? .twentyFourHour)
        arrives = item.localArrival.clockTime(clock ?? .twentyFourHour)
        dayOffset = item.arrivalDayOffset > 0 ? "+\(item.arrivalDayOffset)" : ""
        duration = DurationText.short(minutes: item.durationMinutes)
        origin = item.originName ?? "Station not yet known"
        destination = item.destinationName ?? "Station not yet known"
        operatorName = item.operatorName ?? "Operator not yet known"
        price = formatter.string(minorUnits: item.priceCents, currency: item.currency)
        seats = item.availableSeats.map { $0 == 1 ? "1 seat left" : "\($0) seats left" } ?? ""
        amenities = item.amenities.joined(separator: " · ")
        let later = switch item.arrivalDayOffset {
        case 0: ""
        case 1: " the next day"
        default: " \(item.arrivalDayOffset) days later"
        }
        accessibleName = "Departs \(departs) from \(origin), arrives \(arrives)\(later) at \(destination), "
            + "\(operatorName), \(price)"
        departure = item.departure
        priceCents = item.priceCents
        durationMinutes = item.durationMinutes
    }
}

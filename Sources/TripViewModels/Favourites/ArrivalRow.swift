import Foundation
import TripCore
import TripWords

/// One arrival on a stop's board, every string ready to show.
public struct ArrivalRow: Sendable, Equatable, Identifiable {
    public var id: String
    public var line: String
    /// "Stoke Newington", or "towards Angel" when the service gives no destination.
    public var destination: String
    /// "Due" or "4 min"
    public var countdown: String
    /// "14:05", in the stop's own zone.
    public var clock: String
    /// "LX12DFP", or empty when the service does not say.
    public var vehicle: String
    /// "Route 73 to Stoke Newington, in 4 minutes, at 14:05, bus LX12DFP"
    public var accessibleName: String
    /// "Route 73" over the first of its route's arrivals on a board sorted by route; nil otherwise.
    public var heading: String?
    /// The style of its route badge, as its city colours them; nil for the plain one.
    public var badgeStyle: String?
    /// Its "Notify me" button's name: "Notify me: 124 to Eltham".
    public var notifyName: String

    /// - Parameter estimated: the arrival was kept from earlier, so its countdown is an estimate.
    init(_ arrival: Arrival, provider: any TransitProvider, now: Date, clock format: ClockFormat? = nil, estimated: Bool = false) {
        let seconds = arrival.seconds(from: now)
        badgeStyle = provider.badgeStyle
        line = arrival.line
        destination = !arrival.destination.isEmpty ? arrival.destination
            // TRANSLATORS: where an arrival heads when the service gives no destination, %1$@ a place's name.
            : arrival.towards.map { tr("towards %1$@").filled($0) } ?? tr("Destination not given")
        countdown = ArrivalText.countdown(seconds: seconds, provider: provider)
        if estimated { countdown = ArrivalText.estimated(countdown) }
        clock = ArrivalText.clock(arrival.expected, provider: provider, format: format)
        vehicle = arrival.vehicle ?? ""
        id = "\(arrival.line)|\(arrival.vehicle ?? "")|\(arrival.expected.timeIntervalSince1970)"
        // TRANSLATORS: a button's name: be told when route %1$@ to %2$@ is near ("Notify me: 124 to Eltham").
        notifyName = tr("Notify me: %1$@ to %2$@").filled(line, destination)
        var spoken = ArrivalText.spoken(seconds: seconds, provider: provider)
        if estimated { spoken = ArrivalText.estimated(spoken) }
        accessibleName = vehicle.isEmpty
            // TRANSLATORS: read aloud: route %1$@ to %2$@, when ("in 3 minutes"), at the clock time %4$@.
            ? tr("Route %1$@ to %2$@, %3$@, at %4$@").filled(line, destination, spoken, clock)
            // TRANSLATORS: as above, then the vehicle's kind %5$@ ("bus") and number %6$@.
            : tr("Route %1$@ to %2$@, %3$@, at %4$@, %5$@ %6$@").filled(line, destination, spoken, clock, translated(provider.vehicleName), vehicle)
    }
}

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

    init(_ arrival: Arrival, provider: any TransitProvider, now: Date, clock format: ClockFormat? = nil) {
        let seconds = arrival.seconds(from: now)
        badgeStyle = provider.badgeStyle
        line = arrival.line
        destination = !arrival.destination.isEmpty ? arrival.destination
            : arrival.towards.map { "towards \($0)" } ?? "Destination not given"
        countdown = ArrivalText.countdown(seconds: seconds, provider: provider)
        clock = ArrivalText.clock(arrival.expected, provider: provider, format: format)
        vehicle = arrival.vehicle ?? ""
        id = "\(arrival.line)|\(arrival.vehicle ?? "")|\(arrival.expected.timeIntervalSince1970)"
        accessibleName = "Route \(line) to \(destination), \(ArrivalText.spoken(seconds: seconds, provider: provider)), at \(clock)"
            + (vehicle.isEmpty ? "" : ", \(provider.vehicleName) \(vehicle)")
    }
}

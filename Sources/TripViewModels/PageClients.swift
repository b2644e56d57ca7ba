import TripCore

/// The clients the pages use (deals, departures, and one per transit service), made from the
/// settings by the composition root.
public struct PageClients: Sendable {
    public var deals: any DealsSearching
    public var departures: any DepartureSearching
    public var stops: [any TransitClient]

    public init(deals: any DealsSearching, departures: any DepartureSearching, stops: [any TransitClient]) {
        self.deals = deals
        self.departures = departures
        self.stops = stops
    }
}

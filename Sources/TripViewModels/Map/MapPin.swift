import TripCore
import TripWords

/// One stop on the map of stops, every string ready to show: the pin, its row in "Stops in this
/// area", and the panel a pin opens.
public struct MapPin: Sendable, Equatable, Identifiable {
    /// The service and the stop's id: the same stop keeps it from one area to the next, so the
    /// view moves or relabels its marker instead of making a new one.
    public var id: StopKey
    /// The stop as its service found it (without a distance, which depends on the area asked).
    public var stop: TransitStop
    public var coordinate: Coordinate
    /// What the pin shows: the stop's letter ("OC") or a tram stop's number ("4055").
    public var label: String
    /// "Oxford Circus Station (Stop OC)", for the panel and the row.
    public var title: String
    /// The routes that call here, in the service's order.
    public var routes: [String]
    /// Whether the stop is among the favourites (the pin looks different, and says so).
    public var isFavourite: Bool
    /// "Oxford Circus Station, stop OC, routes 73, 390, favourite": the pin's and the row's name.
    public var accessibleName: String

    init?(_ stop: TransitStop, isFavourite: Bool) {
        guard let coordinate = stop.coordinate else { return nil }
        var stop = stop
        stop.distance = nil
        id = stop.id
        self.stop = stop
        self.coordinate = coordinate
        label = stop.pinLabel
        title = stop.title
        routes = stop.lines
        self.isFavourite = isFavourite
        accessibleName = stop.pinName(isFavourite: isFavourite)
    }

    /// Nearest `centre` first, then by id, so an order never depends on a dictionary's.
    static func nearestFirst(_ centre: Coordinate?) -> (MapPin, MapPin) -> Bool {
        { lhs, rhs in
            let near = centre.map { ($0.distance(to: lhs.coordinate), $0.distance(to: rhs.coordinate)) } ?? (0, 0)
            return near.0 != near.1 ? near.0 < near.1 : lhs.id.description < rhs.id.description
        }
    }
}

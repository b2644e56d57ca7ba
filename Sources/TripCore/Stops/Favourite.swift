/// A stop a person keeps on the Favourites tab, with the routes they care about there.
public struct Favourite: Sendable, Hashable, Identifiable {
    public var stop: TransitStop
    /// Routes of interest, in the order chosen; empty means every route.
    public var routes: [String]

    public init(stop: TransitStop, routes: [String] = []) {
        var stop = stop
        stop.distance = nil
        self.stop = stop
        self.routes = routes
    }

    public var id: StopKey { stop.id }

    /// Whether `line` is one the person wants to see here.
    public func shows(_ line: String) -> Bool {
        routes.isEmpty || routes.contains(line)
    }
}

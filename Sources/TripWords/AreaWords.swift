import TripCore

/// The words of stops shown by area: the map of stops, and `tripboard stops --bbox`.
public enum AreaWords {
    /// Shown over the map instead of pins when it is zoomed out too far for stops.
    public static var zoomIn: String { tr("Zoom in to see stops") }

    /// Beside the pins, when some services could not be asked: "Stops of the London bus service
    /// could not be loaded"; nil when every service answered.
    public static func notLoaded(_ providers: [any TransitProvider]) -> String? {
        guard !providers.isEmpty else { return nil }
        // TRANSLATORS: %1$@ names services: "the London bus service and the Melbourne tram service".
        return tr("Stops of %1$@ could not be loaded").filled(Plural.listed(providers.map(\.serviceName)))
    }

    /// The command line's stderr line for a service left out of the stops printed: "the London bus
    /// service could not be asked, so its stops are left out: the service answered HTTP 503".
    public static func leftOut(_ provider: any TransitProvider, _ error: APIError) -> String {
        tr("%1$@ could not be asked, so its stops are left out: %2$@").filled(provider.serviceName, error.sentence)
    }

    /// Under a stop's name in its panel on the map: "Routes 12, 88, 94"; empty when none is known.
    public static func routes(_ routes: [String]) -> String {
        guard !routes.isEmpty else { return "" }
        // TRANSLATORS: the routes serving a stop, %1$@ their numbers: "Routes 12, 88, 94".
        return trn("Route %1$@", "Routes %1$@", routes.count).filled(routes.joined(separator: tr(", ")))
    }
}

import Observation
import TripCore

/// What every map draws under its own marks: the base maps of the transit services (their
/// cities' rivers and landmarks), and tiles over them when Settings turns tiles on, credited
/// while they show. One for the window, followed by the stops map and the trip maps alike.
@MainActor
@Observable
public final class MapBackground {
    /// The transit services' base maps, in the registry's order.
    public let baseMaps: [BaseMap]
    /// Where tiles come from; nil while only the base maps are drawn (the default, and the demo's).
    public private(set) var tileTemplate: String?

    public init(settings: Settings) {
        baseMaps = settings.registry.transit.compactMap(\.baseMap)
        tileTemplate = settings.mapTileTemplate
    }

    /// What the map shows over its corner while tiles show: "© OpenStreetMap contributors".
    public var tileCredit: String? { tileTemplate == nil ? nil : MapTiles.credit.notice }
}

extension MapBackground: SettingsFollower {
    public func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        if settings.mapTileTemplate != tileTemplate { tileTemplate = settings.mapTileTemplate }
    }
}

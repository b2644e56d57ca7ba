import Foundation

/// What the maps draw under their pins: Tripboard's own base map only (the default, and always
/// in the demo and in tests: nothing is downloaded), or raster tiles from a tile server over it.
/// Tiles are opt-in: libshumate sends its own fixed User-Agent, where OpenStreetMap's tile policy
/// asks for an app's own, so a person turns them on knowingly.
public enum MapTiles: String, CaseIterable, Sendable {
    case local
    case tiles

    /// The standard OpenStreetMap tile server.
    public static let openStreetMap = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

    /// Who the tiles' data belongs to, credited on the map and in About while tiles are on.
    public static let credit = ServiceCredit(name: "OpenStreetMap contributors", website: "https://www.openstreetmap.org/copyright",
                                             notice: "© OpenStreetMap contributors")

    public var title: String {
        switch self {
        case .local: N_("Drawn by Tripboard")
        case .tiles: N_("Map tiles")
        }
    }
}

extension Settings {
    /// The tile address the maps show tiles from; nil while they draw only their own base map.
    public var mapTileTemplate: String? {
        guard value(.mapTiles) == MapTiles.tiles.rawValue else { return nil }
        let template = value(.mapTileURL)
        return template.isEmpty ? nil : template
    }
}

extension SettingKey {
    public static let mapTiles = SettingKey("map.tiles", caption: N_("Map background"), defaultValue: MapTiles.local.rawValue,
                                            environmentVariable: "TRIPBOARD_MAP_TILES",
                                            rule: .oneOf(values: MapTiles.allCases.map(\.rawValue), titles: MapTiles.allCases.map(\.title)))
    public static let mapTileURL = SettingKey("map.tile_url", caption: N_("Tile address"), defaultValue: MapTiles.openStreetMap,
                                              environmentVariable: "TRIPBOARD_MAP_TILE_URL", rule: .tileTemplate,
                                              placeholder: MapTiles.openStreetMap)
}

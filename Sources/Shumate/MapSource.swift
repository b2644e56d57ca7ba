import CGtk
import CShumate
import Gtk

/// A `ShumateMapSource`: the zoom range and tile size a map reckons positions in and, for a tile
/// source, where its tiles come from. Every source shown on one map must share the reference's
/// zoom range and tile size, because the viewport takes its limits from the reference.
public final class MapSource: Object {
    var source: UnsafeMutablePointer<ShumateMapSource> { pointer.assumingMemoryBound(to: ShumateMapSource.self) }

    private init(renderer: OpaquePointer) {
        super.init(owned: UnsafeMutableRawPointer(renderer))
    }

    /// A source with no tiles at all, to serve as a map's reference when nothing may be downloaded
    /// (demo mode, tests). Its data source is never asked for a tile: no tile layer uses it.
    /// Nothing is opened on disk either, unlike a source made from a URL, whose tile cache
    /// (`$XDG_CACHE_HOME/shumate/cache.db`) opens as it is made.
    public static func noTiles(id: String = "no-tiles", name: String = "No tiles",
                               zoom: ClosedRange<Int> = 0...19, tileSize: Int = 256) -> MapSource {
        let dataSource = g_object_new_with_properties(noTilesDataSourceType, 0, nil, nil)!
        defer { g_object_unref(dataSource) }
        let renderer = shumate_raster_renderer_new_full(
            id, name, nil, nil, guint(zoom.lowerBound), guint(zoom.upperBound), guint(tileSize),
            SHUMATE_MAP_PROJECTION_MERCATOR, UnsafeMutableRawPointer(dataSource).assumingMemoryBound(to: ShumateDataSource.self))!
        return MapSource(renderer: renderer)
    }

    /// Raster tiles downloaded from `urlTemplate` (placeholders `{x}`, `{y}`, `{z}`, `{tmsy}`).
    /// Making it opens libshumate's tile cache under `$XDG_CACHE_HOME/shumate`; every request
    /// carries libshumate's own User-Agent ("libshumate/1.0.3"), which it does not let an app change.
    public static func rasterTiles(urlTemplate: String, id: String = "tiles", name: String = "Tiles",
                                   licence: String?, licenceURI: String? = nil,
                                   zoom: ClosedRange<Int> = 0...19, tileSize: Int = 256) -> MapSource {
        let renderer = shumate_raster_renderer_new_full_from_url(
            id, name, licence, licenceURI, guint(zoom.lowerBound), guint(zoom.upperBound), guint(tileSize),
            SHUMATE_MAP_PROJECTION_MERCATOR, urlTemplate)!
        return MapSource(renderer: renderer)
    }

    public var id: String { String(cString: shumate_map_source_get_id(source)) }

    /// The text a `MapLicence` shows for this source; nil when it needs none.
    public var licence: String? { shumate_map_source_get_license(source).map { String(cString: $0) } }

    public var zoom: ClosedRange<Int> {
        Int(shumate_map_source_get_min_zoom_level(source))...Int(shumate_map_source_get_max_zoom_level(source))
    }

    /// The side of a square tile, in pixels.
    public var tileSize: Int { Int(shumate_map_source_get_tile_size(source)) }

    /// How many metres of ground one pixel spans at `zoom` near the point given.
    public func metresPerPixel(zoom: Double, latitude: Double, longitude: Double) -> Double {
        shumate_map_source_get_meters_per_pixel(source, zoom, latitude, longitude)
    }
}

/// An empty subclass of the abstract `ShumateDataSource`, registered with GLib once per process:
/// the data source of `MapSource.noTiles()`, which nothing ever asks for data.
private let noTilesDataSourceType: GType = g_type_register_static_simple(
    shumate_data_source_get_type(), "SwiftShumateNoTilesDataSource",
    guint(MemoryLayout<ShumateDataSourceClass>.size), nil,
    guint(MemoryLayout<ShumateDataSource>.size), nil, GTypeFlags(0))

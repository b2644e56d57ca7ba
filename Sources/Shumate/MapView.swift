import CGtk
import CShumate
import Gtk

/// A `ShumateMap`: a map that can be dragged and zoomed, drawn as a stack of layers. It is made
/// with a reference source that has no tiles (zoom 0…19, 256-pixel tiles), so positions and
/// zooming work and nothing is downloaded unless `showTiles` is called.
///
/// Never the "simple map", which always adds a tile layer. The map takes no keyboard input of
/// its own and is not focusable: keys and focus are the caller's to provide.
public final class MapView: Widget {
    /// Where the map is centred and how far it is zoomed.
    public let viewport: Viewport

    /// The source that positions, the zoom range and the scale are reckoned in.
    public let reference: MapSource

    /// The topmost layer added with `addBase`; tiles go above it.
    private var topBaseLayer: Layer?
    private var tileLayer: TileLayer?

    var map: OpaquePointer { OpaquePointer(pointer) }

    public init(reference: MapSource = .noTiles()) {
        let map = shumate_map_new()!
        self.viewport = Viewport(of: map)
        self.reference = reference
        super.init(floating: UnsafeMutableRawPointer(map))
        shumate_viewport_set_reference_map_source(viewport.viewport, reference.source)
    }

    /// Centres the map on a point at once, at the same zoom level.
    public func center(latitude: Double, longitude: Double) {
        shumate_map_stop_go_to(map)
        shumate_map_center_on(map, Self.clamped(latitude: latitude), Self.clamped(longitude: longitude))
    }

    /// Moves to a point and zoom level: at once for a zero `duration`, else animated over it
    /// (at once anyway where the desktop turns animations off). An animation under way stops
    /// first, so the last move always wins.
    public func go(toLatitude latitude: Double, longitude: Double, zoom: Double, duration: Duration = .zero) {
        shumate_map_stop_go_to(map)
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        shumate_map_go_to_full_with_duration(map, Self.clamped(latitude: latitude), Self.clamped(longitude: longitude),
                                             zoom, guint(max(0, milliseconds)))
    }

    /// The zoom level, as `viewport.zoomLevel`.
    public var zoomLevel: Double {
        get { viewport.zoomLevel }
        set { viewport.zoomLevel = newValue }
    }

    /// Zooms in to the next whole level, or the one after when the current level is already most
    /// of the way there (GNOME Maps' rule; libshumate's own zoom-in moves a fifth of a level).
    public func zoomIn(duration: Duration = .milliseconds(200)) {
        let level = zoomLevel
        let fraction = level - level.rounded(.down)
        zoom(to: fraction < 0.7 ? (level + 1).rounded(.down) : (level + 2).rounded(.down), duration: duration)
    }

    /// Zooms out to the previous whole level, or the one before when the current level is barely
    /// past a whole one (GNOME Maps' rule).
    public func zoomOut(duration: Duration = .milliseconds(200)) {
        let level = zoomLevel
        let fraction = level - level.rounded(.down)
        zoom(to: fraction > 0.3 ? level.rounded(.down) : (level - 1).rounded(.down), duration: duration)
    }

    private func zoom(to level: Double, duration: Duration) {
        let range = viewport.zoomRange
        go(toLatitude: viewport.latitude, longitude: viewport.longitude,
           zoom: min(max(level, Double(range.lowerBound)), Double(range.upperBound)), duration: duration)
    }

    /// The point under widget coordinates `x`, `y` (pixels from the map's top left).
    public func location(atX x: Double, y: Double) -> (latitude: Double, longitude: Double) {
        var latitude = 0.0
        var longitude = 0.0
        shumate_viewport_widget_coords_to_location(viewport.viewport, widget, x, y, &latitude, &longitude)
        return (latitude, longitude)
    }

    /// Where a point falls in the map's widget coordinates; outside the map's size when off screen.
    public func widgetPoint(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        var x = 0.0
        var y = 0.0
        shumate_viewport_location_to_widget_coords(viewport.viewport, widget, latitude, longitude, &x, &y)
        return (x, y)
    }

    /// The area on screen, from the points under the map's top-left and bottom-right corners;
    /// nil until the map has a size.
    public func visibleBox() -> MapBounds? {
        let width = Double(gtk_widget_get_width(widget))
        let height = Double(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { return nil }
        let northWest = location(atX: 0, y: 0)
        let southEast = location(atX: width, y: height)
        return MapBounds(south: southEast.latitude, west: northWest.longitude,
                         north: northWest.latitude, east: southEast.longitude)
    }

    /// Calls `handler` whenever the centre or the zoom level changes (see `Viewport.onChanged`).
    @discardableResult
    public func onViewportChanged(_ handler: @escaping @MainActor () -> Void) -> ViewportHandlers {
        viewport.onChanged(handler)
    }

    /// Calls `handler` when a move started with `go(toLatitude:longitude:zoom:duration:)` (or a zoom button) ends or is stopped; not for
    /// one done at once. It can run while the map is being disposed (libshumate stops its
    /// animation then), so it must not touch the map.
    @discardableResult
    public func onMoveFinished(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("animation-completed::go-to", forcingVoidMarshaller: handler)
    }

    /// Adds a layer on top of every other: pins, labels the person acts on.
    public func add(_ layer: Layer) {
        shumate_map_add_layer(map, layer.layer)
    }

    /// Adds a layer to the local base map drawn under any tiles (a river, landmarks): above the
    /// base layers added before it, below tiles and below every layer added with `add`.
    public func addBase(_ layer: Layer) {
        if let below = topBaseLayer {
            shumate_map_insert_layer_above(map, layer.layer, below.layer)
        } else {
            shumate_map_insert_layer_above(map, layer.layer, nil)
        }
        topBaseLayer = layer
    }

    public func remove(_ layer: Layer) {
        shumate_map_remove_layer(map, layer.layer)
    }

    /// Shows raster tiles from `source` above the local base layers and below the others,
    /// replacing any tiles shown before. A tile that fails to load is simply not drawn, so the
    /// base layers show through. The source must have the reference's zoom range and tile size.
    public func showTiles(_ source: MapSource) {
        hideTiles()
        let tiles = TileLayer(source: source, viewport: viewport)
        if let below = topBaseLayer {
            shumate_map_insert_layer_above(map, tiles.layer, below.layer)
        } else {
            shumate_map_insert_layer_above(map, tiles.layer, nil)
        }
        tileLayer = tiles
    }

    /// Shows raster tiles from `urlTemplate` (see `MapSource.rasterTiles`) and returns their
    /// source, for a `MapLicence` to credit.
    @discardableResult
    public func showTiles(urlTemplate: String, licence: String?) -> MapSource {
        let source = MapSource.rasterTiles(urlTemplate: urlTemplate, licence: licence,
                                           zoom: reference.zoom, tileSize: reference.tileSize)
        showTiles(source)
        return source
    }

    /// The source of the tiles shown; nil when only the local base layers are drawn.
    public var tileSource: MapSource? { tileLayer?.source }

    /// Stops showing tiles; the local base layers are all that is drawn.
    public func hideTiles() {
        guard let tiles = tileLayer else { return }
        remove(tiles)
        tileLayer = nil
    }

    private static func clamped(latitude: Double) -> Double {
        min(max(latitude, SHUMATE_MIN_LATITUDE), SHUMATE_MAX_LATITUDE)
    }

    private static func clamped(longitude: Double) -> Double {
        min(max(longitude, SHUMATE_MIN_LONGITUDE), SHUMATE_MAX_LONGITUDE)
    }
}

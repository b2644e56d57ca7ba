import Gtk
import Shumate
import TripCore
import TripViewModels

/// Draws a map's background from the window's `MapBackground`: the services' rivers, as wide as
/// they are at every zoom, and their landmarks as plain labels, under everything else; tiles over
/// them while Settings turns tiles on (a tile that fails leaves the base map showing through);
/// and, over the map's corners (`place(on:)`), its scale and "© OpenStreetMap contributors"
/// whenever tiles show. A river out of the map's view is left out: libshumate draws a river's
/// layer over the whole map, through an image of the map's size at every frame, wherever the
/// river is.
@MainActor
final class MapBackdrop {
    /// The tiles' credit, to place over the map's bottom end corner; hidden while no tile shows.
    let credit = MapLicence()
    /// The map's scale, for its bottom start corner.
    let scale = ScaleBar(room: 120)
    private let background: MapBackground
    private weak var map: MapView?
    private var rivers: [(layer: PathLayer, river: River)] = []
    private var shownTemplate: String?

    init(on map: MapView, background: MapBackground) {
        self.map = map
        self.background = background
        scale.halign = .start
        scale.valign = .end
        for river in background.baseMaps.flatMap(\.rivers) {
            let layer = PathLayer(viewport: map.viewport)
            layer.setPoints(river.course.map { ($0.latitude, $0.longitude) })
            layer.setStroke(colour: "#9ac4ee", width: 4)
            layer.setOutline(colour: "#9ac4ee", width: 0)
            layer.addCSSClass("map-river")
            map.addBase(layer)
            rivers.append((layer, river))
        }
        let landmarks = MarkerLayer(viewport: map.viewport)
        for place in background.baseMaps.flatMap(\.landmarks) {
            let label = Label(place.name)
            label.addCSSClass("map-landmark")
            landmarks.add(Marker(child: label, latitude: place.coordinate.latitude, longitude: place.coordinate.longitude))
        }
        map.addBase(landmarks)
        credit.halign = .end
        credit.valign = .end
        map.onViewportChanged { [weak self] in self?.follow() }
        map.onResized { [weak self] _, _ in self?.follow() }
        observe { [weak self] in self?.showTiles() }
    }

    /// Puts the scale and the tiles' credit over the map's corners, in `overlay` (whose base is the map).
    func place(on overlay: Overlay) {
        overlay.addOverlay(scale)
        overlay.addOverlay(credit)
    }

    /// After a move, a zoom or a resize: each river shown only where some of it is in view,
    /// stroked as wide as it is on the ground at this zoom (at least a thin line), and the scale
    /// read again.
    private func follow() {
        guard let map else { return }
        let viewport = map.viewport
        let metresPerPixel = max(map.reference.metresPerPixel(zoom: viewport.zoomLevel, latitude: viewport.latitude,
                                                              longitude: viewport.longitude), 0.001)
        // No box to test (a map with no size yet, or a view past the poles or the antimeridian): every river shows.
        let view = map.visibleGeoBox
        for (layer, river) in rivers {
            let pixels = max(2, river.width / metresPerPixel)
            let shows = view.map { river.reaches($0, drawnWidth: pixels * metresPerPixel) } ?? true
            if layer.isVisible != shows { layer.isVisible = shows }
            if shows { layer.setStroke(colour: "#9ac4ee", width: pixels) }
        }
        // With no distance to read, no scale rather than the last one's.
        let reading = MapScaleReading(metresPerPixel: metresPerPixel, room: Double(scale.room))
        if scale.isVisible != (reading != nil) { scale.isVisible = reading != nil }
        if let reading { scale.show(reading.text, pixels: reading.pixels) }
    }

    private func showTiles() {
        let template = background.tileTemplate
        credit.isVisible = template != nil
        guard template != shownTemplate, let map else { return }
        shownTemplate = template
        if let shown = map.tileSource { credit.remove(shown) }
        if let template {
            credit.append(map.showTiles(urlTemplate: template, licence: background.tileCredit))
        } else {
            map.hideTiles()
        }
    }
}

import Gtk
import Shumate
import TripCore
import TripViewModels

/// Draws a map's background from the window's `MapBackground`: the services' rivers, as wide as
/// they are at every zoom, and their landmarks as plain labels, under everything else; tiles over
/// them while Settings turns tiles on (a tile that fails leaves the base map showing through);
/// and, over the map's corners (`place(on:)`), its scale and "© OpenStreetMap contributors"
/// whenever tiles show.
@MainActor
final class MapBackdrop {
    /// The tiles' credit, to place over the map's bottom end corner; hidden while no tile shows.
    let credit = MapLicence()
    /// The map's scale, for its bottom start corner.
    let scale: MapScale
    private let background: MapBackground
    private weak var map: MapView?
    private var rivers: [(layer: PathLayer, river: River)] = []
    private var shownTemplate: String?

    init(on map: MapView, background: MapBackground) {
        self.map = map
        self.background = background
        scale = MapScale(viewport: map.viewport)
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
        map.onViewportChanged { [weak self] in self?.widenRivers() }
        observe { [weak self] in self?.showTiles() }
    }

    /// Puts the scale and the tiles' credit over the map's corners, in `overlay` (whose base is the map).
    func place(on overlay: Overlay) {
        overlay.addOverlay(scale)
        overlay.addOverlay(credit)
    }

    /// Each river stroked as wide as it is on the ground at this zoom (at least a thin line).
    private func widenRivers() {
        guard let map else { return }
        let viewport = map.viewport
        let metresPerPixel = map.reference.metresPerPixel(zoom: viewport.zoomLevel, latitude: viewport.latitude,
                                                          longitude: viewport.longitude)
        for (layer, river) in rivers {
            layer.setStroke(colour: "#9ac4ee", width: max(2, river.width / max(metresPerPixel, 0.001)))
        }
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

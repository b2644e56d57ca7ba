import Gtk
import Shumate
import TripViewModels
import TripWords

/// "Map of the trip": a small map of a coach departure's two stations, each labelled, with a
/// line between them, framed so both show, over the same background as the map of stops. A
/// picture, not a control: it takes no pointer input, so the page scrolls over it.
@MainActor
final class TripMapView {
    let root: Overlay
    private let map = MapView()
    private let backdrop: MapBackdrop

    init(_ route: TripRoute, background: MapBackground) {
        backdrop = MapBackdrop(on: map, background: background)
        map.setAccessibleLabel(tr("Map of the trip"))
        map.setSizeRequest(width: -1, height: 260)
        map.hexpand = true
        map.canTarget = false
        map.addCSSClass("trip-map")

        let line = PathLayer(viewport: map.viewport)
        line.setPoints([route.origin.point, route.destination.point].map { ($0.latitude, $0.longitude) })
        line.setStroke(colour: "#1c71d8", width: 3)
        map.add(line)
        let stations = MarkerLayer(viewport: map.viewport)
        for end in [route.origin, route.destination] {
            // A marker is centred on its point: the dot is, and the name, pushed down by its top
            // margin, sits under it. The dot is drawn, not a "●" a screen reader would read out.
            let dot = Box(.horizontal, spacing: 0)
            dot.addCSSClass("map-dot")
            let name = Label(end.name)
            name.addCSSClass("map-station")
            name.setMargins(top: 30, bottom: 0, start: 0, end: 0)
            for mark in [dot, name] {
                stations.add(Marker(child: mark, latitude: end.point.latitude, longitude: end.point.longitude))
            }
        }
        map.add(stations)

        root = Overlay(base: map, over: backdrop.scale)
        root.addOverlay(backdrop.credit)
        frame(route)
    }

    /// Centres the stations and zooms so both show, once the map has a size to fit them in.
    private func frame(_ route: TripRoute) {
        map.addTickCallback { [weak self] in
            guard let self else { return false }
            guard map.width > 0 else { return true }
            let centre = route.centre
            map.go(toLatitude: centre.latitude, longitude: centre.longitude,
                   zoom: route.zoom(width: Double(map.width), height: Double(map.height)))
            return false
        }
    }
}

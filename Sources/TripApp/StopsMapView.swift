import Gtk
import Shumate
import TripCore
import TripViewModels
import TripWords

/// The map of stops: pins for the stops of the visible area from every service that finds stops
/// nearby, "Zoom in to see stops" when too far out, a pin's panel (name, routes, the favourite
/// star, Arrivals) and "Stops in this area", the same stops as a list for the keyboard and screen
/// readers. The view model decides what shows; this draws it, and tells it where the map is.
@MainActor
final class StopsMapView {
    let root = Box(.vertical, spacing: 0)
    private let model: MapViewModel
    /// The map widget (the bench's frame log pans it).
    let map = MapView()
    private let pinLayer: MarkerLayer
    /// The markers on the map, by stop: changed by id as the view model's pins change, never all
    /// taken away and put back (moving the map places every marker again).
    private var markers: [StopKey: (marker: Marker, button: Button)] = [:]
    private var shownPins: [StopKey: MapPin] = [:]
    private let hint = Label()
    private let notice = Label()
    private let panel = Box(.vertical, spacing: 6)
    private let panelTitle = Label()
    private let panelRoutes = Label()
    private let star = ToggleButton(iconName: "non-starred-symbolic", accessibleLabel: tr("Favourite"))
    private let arrivals = Button(label: tr("Arrivals"))
    private let list: ListView<MapPin, MapPinRowView>
    private var isRendering = false
    private var viewportWatch: ViewportHandlers?
    private let backdrop: MapBackdrop
    private var locate: LocateControl?

    /// - Parameters:
    ///   - background: what the map draws under its pins (rivers, landmarks, tiles when on).
    ///   - openBoard: opens a stop's arrivals board.
    init(model: MapViewModel, background: MapBackground, openBoard: @escaping @MainActor (TransitStop) -> Void) {
        self.model = model
        backdrop = MapBackdrop(on: map, background: background)
        pinLayer = MarkerLayer(viewport: map.viewport)
        map.add(pinLayer)
        map.setAccessibleLabel(tr("Map of stops"))
        map.hexpand = true
        map.vexpand = true
        map.setSizeRequest(width: -1, height: 280)

        let zoomIn = Button(iconName: "zoom-in-symbolic", accessibleLabel: tr("Zoom in"))
        let zoomOut = Button(iconName: "zoom-out-symbolic", accessibleLabel: tr("Zoom out"))
        let zoom = Box(.vertical, spacing: 0, [zoomIn, zoomOut])
        zoom.addCSSClass("linked")
        zoom.halign = .end
        zoom.valign = .start
        zoom.setMargins(8)
        hint.addCSSClass("map-hint")
        hint.halign = .center
        hint.valign = .center
        let overlay = Overlay(base: map, over: zoom)
        overlay.addOverlay(hint)
        backdrop.place(on: overlay)

        panelTitle.addCSSClass("heading")
        panelTitle.xalign = 0
        panelTitle.wraps = true
        panelRoutes.xalign = 0
        panelRoutes.wraps = true
        panelRoutes.addCSSClass("dim-label")
        let actions = Box(.horizontal, spacing: 6, [star, arrivals])
        panel.append(panelTitle)
        panel.append(panelRoutes)
        panel.append(actions)
        panel.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        panel.setAccessibleLabel(tr("Stop on the map"))
        notice.addCSSClass("error")
        notice.xalign = 0
        notice.wraps = true
        notice.setMargins(top: 4, bottom: 0, start: 12, end: 12)

        list = ListView(accessibleLabel: tr("Stops in this area"), makeRow: { MapPinRowView() }, bind: { $0.show($1) })
        let scroller = ScrolledWindow(list)
        scroller.setSizeRequest(width: -1, height: 140)
        scroller.vexpand = false
        for part: Widget in [overlay, notice, panel, scroller] { root.append(part) }
        addLocateButton(to: overlay)

        zoomIn.onClicked { [weak map] in map?.zoomIn() }
        zoomOut.onClicked { [weak map] in map?.zoomOut() }
        star.onToggled { [weak self] on in
            guard let self, !isRendering, on != model.selected?.isFavourite else { return }
            model.toggleFavourite()
        }
        arrivals.onClicked { [weak self] in
            if let stop = self?.model.selected?.stop { openBoard(stop) }
        }
        list.onActivate { [weak self] pin in self?.choose(pin.id) }
        addKeys()
        viewportWatch = map.onViewportChanged { [weak self] in self?.viewportChanged() }
        root.onMap { [weak self] in self?.open() }
        observe { [weak self] in self?.render() }
    }

    /// Centres the map on the favourites (or the first service's city) at a zoom where stops show.
    func open() {
        guard let centre = model.openingCentre else { return }
        // Before its first layout the map has no size to take an area from: wait for a frame that has one.
        map.addTickCallback { [weak self] in
            guard let self else { return false }
            guard map.width > 0 else { return true }
            map.go(toLatitude: centre.latitude, longitude: centre.longitude, zoom: MapViewModel.openingZoom)
            viewportChanged()
            return false
        }
    }

    /// "Locate me" in the map's top-start corner, where something can locate this device: a fix
    /// moves the map there at a zoom where stops show, and the stops around load as after a pan.
    private func addLocateButton(to overlay: Overlay) {
        guard let locating = model.locating else { return }
        let control = LocateControl(model: locating) { [weak self] destination in
            guard let self else { return }
            map.go(toLatitude: destination.centre.latitude, longitude: destination.centre.longitude, zoom: destination.zoom)
            viewportChanged()
        }
        overlay.addOverlay(control.root)
        locate = control
    }

    private func viewportChanged() {
        guard let box = map.visibleGeoBox else { return }
        model.viewportChanged(box: box, zoom: map.zoomLevel)
    }

    /// A pin or a row chosen: its panel opens, and the map centres on it.
    private func choose(_ id: StopKey) {
        model.select(id)
        if let pin = model.selected {
            map.center(latitude: pin.coordinate.latitude, longitude: pin.coordinate.longitude)
        }
        arrivals.grabFocus()
    }

    /// Arrows pan a quarter of the view, + and − zoom by a whole level, Home goes back to the start.
    private func addKeys() {
        for (key, dx, dy) in [("Left", -0.25, 0.0), ("Right", 0.25, 0.0), ("Up", 0.0, -0.25), ("Down", 0.0, 0.25)] {
            root.addShortcut("<Alt>\(key)") { [weak self] in self?.pan(dx, dy) }
        }
        root.addShortcut("plus|KP_Add|equal") { [weak map] in map?.zoomIn() }
        root.addShortcut("minus|KP_Subtract") { [weak map] in map?.zoomOut() }
        root.addShortcut("Home") { [weak self] in self?.open() }
    }

    private func pan(_ dx: Double, _ dy: Double) {
        let (width, height) = (Double(map.width), Double(map.height))
        let target = map.location(atX: width * (0.5 + dx), y: height * (0.5 + dy))
        map.center(latitude: target.latitude, longitude: target.longitude)
    }

    private func render() {
        isRendering = true
        defer { isRendering = false }
        hint.text = model.hint ?? ""
        hint.isVisible = model.hint != nil
        notice.text = model.notice ?? ""
        notice.isVisible = model.notice != nil
        applyPins(model.pins)
        list.store.update(to: model.rows)
        let selected = model.selected
        panel.isVisible = selected != nil
        if let selected {
            panelTitle.text = selected.title
            panelRoutes.text = AreaWords.routes(selected.routes)
            star.isActive = selected.isFavourite
            star.iconName = selected.isFavourite ? "starred-symbolic" : "non-starred-symbolic"
        }
    }

    /// The markers made to match `pins`, by id: new stops get a marker, moved or relabelled ones
    /// are changed in place, stops gone lose theirs.
    private func applyPins(_ pins: [StopKey: MapPin]) {
        let changes = PinChanges(from: shownPins, to: pins)
        for id in changes.removed {
            if let shown = markers.removeValue(forKey: id) { pinLayer.remove(shown.marker) }
        }
        for pin in changes.updated {
            guard let shown = markers[pin.id] else { continue }
            shown.marker.move(latitude: pin.coordinate.latitude, longitude: pin.coordinate.longitude)
            style(shown.button, pin)
        }
        for pin in changes.added {
            let button = Button(label: pin.label)
            button.addCSSClass("map-pin")
            style(button, pin)
            let id = pin.id
            button.onClicked { [weak self] in self?.choose(id) }
            let marker = Marker(child: button, latitude: pin.coordinate.latitude, longitude: pin.coordinate.longitude)
            pinLayer.add(marker)
            markers[pin.id] = (marker, button)
        }
        shownPins = pins
    }

    private func style(_ button: Button, _ pin: MapPin) {
        button.label = pin.label
        button.setAccessibleLabel(pin.accessibleName)
        button.tooltip = pin.accessibleName
        button.setCSSClass("favourite-pin", pin.isFavourite)
    }
}

/// A row of "Stops in this area": the stop's sentence, as its pin is named.
@MainActor
final class MapPinRowView: Widget {
    private let text = Label()

    init() {
        text.xalign = 0
        text.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        super.init(floating: text.pointer)
    }

    func show(_ pin: MapPin) {
        text.text = pin.accessibleName
    }
}

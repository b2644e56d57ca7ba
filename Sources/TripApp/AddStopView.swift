import Gtk
import TripCore
import TripViewModels
import TripWords

/// "Add Stop": search stops by name as you type, or near a place, and add them.
@MainActor
final class AddStopView {
    let root = Box(.vertical)
    private let model: StopSearchViewModel
    private let mode = DropDown(items: StopSearchViewModel.Mode.allCases.map(\.displayName), accessibleLabel: tr("Search by"))
    private let name = Entry(placeholder: tr("Stop name"))
    private let place: DropDown
    private let latitude = Entry(placeholder: tr("Latitude"))
    private let longitude = Entry(placeholder: tr("Longitude"))
    private let radius = SpinButton(range: StopSearchViewModel.radii, accessibleLabel: tr("Radius in metres"))
    private let nameRow: Box
    private let nearRow: Box
    private let problem = Label()
    private let summary = Label()
    private let list: ListView<StopResultRow, StopResultRowView>
    private let status: StatusView
    /// "On a map": the map of stops, in place of the list.
    let map: StopsMapView

    init(model: StopSearchViewModel, map mapModel: MapViewModel, background: MapBackground,
         onOpen: @escaping @MainActor (TransitStop) -> Void) {
        self.model = model
        map = StopsMapView(model: mapModel, background: background, openBoard: onOpen)
        place = DropDown(items: model.places.map(\.name), accessibleLabel: tr("Place"))
        list = ListView(accessibleLabel: tr("Stops found"),
                        makeRow: { StopResultRowView { [weak model] key in model?.add(key) } },
                        bind: { $0.show($1) })
        status = StatusView(content: ScrolledWindow(list)) { [weak model] in model?.retry() }

        let top = Box(.horizontal, spacing: 8, [Label.caption(tr("Search by")), mode])

        name.hexpand = true
        nameRow = Box(.horizontal, spacing: 8, [Label.caption(tr("Stop name")), name])
        for field in [latitude, longitude] { field.setSizeRequest(width: 110, height: -1) }
        nearRow = Box(.horizontal, spacing: 8, [
            Label.caption(tr("Place")), place, Label.caption(tr("Latitude")), latitude, Label.caption(tr("Longitude")), longitude,
            Label.caption(tr("Radius (m)")), radius,
        ])
        problem.addCSSClass("error")
        problem.xalign = 0
        problem.wraps = true
        summary.addCSSClass("dim-label")
        summary.xalign = 0
        let form = Box(.vertical, spacing: 8, [top, nameRow, nearRow, problem, summary])
        form.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        root.append(form)
        root.append(status.root)
        root.append(map.root)
        root.setAccessibleLabel(tr("Add Stop"))

        mode.onSelected { [weak model] in model?.mode = StopSearchViewModel.Mode.allCases[$0] }
        name.onChanged { [weak self] in if let self { model.text = name.text } }
        name.onActivate { [weak model] in model?.search() }
        place.onSelected { [weak model] index in
            if model?.placeIndex != index { model?.choosePlace(index) }
        }
        latitude.onChanged { [weak self] in if let self { model.latitudeText = latitude.text } }
        longitude.onChanged { [weak self] in if let self { model.longitudeText = longitude.text } }
        radius.onValueChanged { [weak model] in model?.radius = $0 }
        radius.onTextEntered { [weak model] text in model?.enterRadius(text) }
        list.onActivate { result in onOpen(result.stop) }
        observe { [weak self] in self?.render() }
    }

    /// Puts the keyboard in the field the search starts from.
    func focusFirstField() {
        if model.mode == .name { name.grabFocus() } else { place.grabFocus() }
    }

    private func render() {
        mode.selected = StopSearchViewModel.Mode.allCases.firstIndex(of: model.mode) ?? 0
        nameRow.isVisible = model.mode == .name
        nearRow.isVisible = model.mode == .near
        status.root.isVisible = model.mode != .map
        map.root.isVisible = model.mode == .map
        if name.text != model.text { name.text = model.text }
        if let index = model.placeIndex { place.selected = index }
        if latitude.text != model.latitudeText { latitude.text = model.latitudeText }
        if longitude.text != model.longitudeText { longitude.text = model.longitudeText }
        radius.value = model.radius
        problem.text = model.problem ?? ""
        problem.isVisible = model.problem != nil
        summary.text = model.summary
        summary.isVisible = !model.summary.isEmpty
        list.store.update(to: model.rows)
        status.show(model.screen)
    }
}

extension StopSearchViewModel.Mode {
    /// How the "Search by" drop-down names the way of searching, in the person's language.
    var displayName: String {
        switch self {
        case .name: tr("By name")
        case .near: tr("Near a place")
        case .map: tr("On a map")
        }
    }
}

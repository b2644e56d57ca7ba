import Gtk
import TripCore
import TripViewModels

/// A stop's board: every arrival, sorted by time or route, with the star, "Routes" and Back.
@MainActor
final class StopBoardView {
    let root = Box(.vertical)
    private let model: FavouritesViewModel
    private let title = Label()
    private let subtitle = Label()
    private let star = ToggleButton(iconName: "non-starred-symbolic", accessibleLabel: "Favourite")
    private let routesBox = Box(.vertical, spacing: 4)
    private let routesButton: MenuButton
    private let sortButtons = StopBoard.SortOrder.allCases.map { ToggleButton(label: $0.rawValue) }
    private let list: ListView<ArrivalRow, ArrivalRowView>
    private let status: StatusView
    private let serviceNotices = NoticeBar(style: "service-notice-bar")
    private var routeChecks: [(route: String, toggle: ToggleButton)] = []

    init(model: FavouritesViewModel) {
        self.model = model
        list = ListView(accessibleLabel: "Arrivals", makeRow: { ArrivalRowView() }, bind: { $0.show($1) })
        status = StatusView(content: ScrolledWindow(list)) { [weak model] in model?.refresh() }
        let popover = Popover(child: routesBox)
        routesButton = MenuButton(label: "Routes", popover: popover)
        routesBox.setMargins(8)

        let back = Button(label: "Back")
        back.onClicked { [weak model] in model?.back() }
        // The stop's name has a row of its own and wraps, so a long one is read whole; the
        // controls for what the board shows go on the row below it.
        title.addCSSClass("status-title")
        title.xalign = 0
        title.wraps = true
        subtitle.addCSSClass("dim-label")
        subtitle.xalign = 0
        subtitle.wraps = true
        let headings = Box(.vertical, spacing: 2, [title, subtitle])
        headings.hexpand = true
        back.valign = .start
        star.valign = .start
        let heading = Box(.horizontal, spacing: 8, [back, headings, star])
        let sort = Box(.horizontal, spacing: 0, sortButtons)
        sort.addCSSClass("linked")
        sort.setAccessibleLabel("Sort")
        let gap = Box(.horizontal)
        gap.hexpand = true
        let refresh = Button(label: "Refresh")
        refresh.onClicked { [weak model] in model?.refresh() }
        let controls = Box(.horizontal, spacing: 8, [routesButton, sort, gap, refresh])
        let toolbar = Box(.vertical, spacing: 8, [heading, controls])
        toolbar.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        root.append(toolbar)
        root.append(serviceNotices.root)
        root.append(status.root)
        root.setAccessibleLabel("Stop board")

        star.onToggled { [weak model] active in model?.setBoardFavourite(active) }
        for (order, button) in zip(StopBoard.SortOrder.allCases, sortButtons) {
            if button !== sortButtons[0] { button.group(with: sortButtons[0]) }
            button.onToggled { [weak model] active in if active { model?.boardSort = order } }
        }
    }

    func render(_ board: StopBoard) {
        title.text = board.title
        subtitle.text = board.subtitle
        star.isActive = board.isFavourite
        star.iconName = board.isFavourite ? "starred-symbolic" : "non-starred-symbolic"
        star.tooltip = board.isFavourite ? "Remove from favourites" : "Add to favourites"
        for (order, button) in zip(StopBoard.SortOrder.allCases, sortButtons) { button.isActive = order == model.boardSort }
        renderRoutes(board)
        serviceNotices.show(board.serviceNotices.isEmpty ? nil : board.serviceNotices)
        list.store.update(to: board.rows)
        status.show(board.screen, notice: board.notice)
    }

    /// One toggle per route calling here; all pressed in when none are chosen (every route shows).
    private func renderRoutes(_ board: StopBoard) {
        if routeChecks.map(\.route) != board.routes {
            routesBox.removeAll()
            let hint = Label("Routes to show in favourites")
            hint.addCSSClass("dim-label")
            routesBox.append(hint)
            routeChecks = board.routes.map { route in
                let toggle = ToggleButton(label: "Route \(route)")
                toggle.onToggled { [weak model] shown in model?.setBoardRoute(route, shown: shown) }
                routesBox.append(toggle)
                return (route, toggle)
            }
        }
        for (route, toggle) in routeChecks {
            toggle.isActive = board.isShown(route)
        }
        routesButton.label = board.routesLabel
    }
}

import Gtk
import TripCore
import TripViewModels
import TripWords

/// A stop's board: every arrival, sorted by time or by route (with a heading per route), and the
/// routes of interest to tick. The window's header bar carries its name, Back and `headerControls`.
@MainActor
final class StopBoardView {
    let root = Box(.vertical)
    /// Refresh, the sort menu and the star, for the end of the header bar while the board shows.
    let headerControls: Box
    private let model: FavouritesViewModel
    private let star = ToggleButton(iconName: "non-starred-symbolic", accessibleLabel: tr("Favourite"))
    private let routesBox = Box(.vertical, spacing: 6)
    private let routesButton: MenuButton
    private let sortButtons = StopBoard.SortOrder.allCases.map { ToggleButton(label: $0.displayName) }
    private let list: ListView<ArrivalRow, ArrivalRowView>
    private let status: StatusView
    private let serviceNotices = NoticeBar(style: "service-notice-bar")
    private var routeChecks: [(route: String, check: CheckButton)] = []

    init(model: FavouritesViewModel, alerts: AlertsViewModel) {
        self.model = model
        list = ListView(accessibleLabel: tr("Arrivals"), makeRow: {
            ArrivalRowView(onNotify: { [weak model, weak alerts] id, minutes in
                guard let board = model?.board, let arrival = board.arrivals[id], let alerts else { return }
                Task { await alerts.notify(when: arrival, at: board.stop, minutes: minutes) }
            }, defaultMinutes: { [weak alerts] in alerts?.defaultMinutes ?? 5 })
        }, bind: { $0.show($1) })
        status = StatusView(content: ScrolledWindow(list)) { [weak model] in model?.refresh() }
        routesButton = MenuButton(label: tr("Routes"), popover: Popover(child: routesBox))
        routesBox.setMargins(8)

        let sortBox = Box(.vertical, spacing: 0, sortButtons)
        sortBox.addCSSClass("linked")
        sortBox.setMargins(6)
        let sort = MenuButton(iconName: "view-sort-ascending-symbolic", accessibleLabel: tr("Sort"), popover: Popover(child: sortBox))
        let refresh = Button(iconName: "view-refresh-symbolic", accessibleLabel: tr("Refresh"))
        refresh.tooltip = tr("Refresh (F5)")
        refresh.onClicked { [weak model] in model?.refresh() }
        headerControls = Box(.horizontal, spacing: 6, [refresh, sort, star])

        let toolbar = Box(.horizontal, spacing: 8, [routesButton])
        toolbar.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        root.append(toolbar)
        root.append(serviceNotices.root)
        root.append(status.root)
        root.setAccessibleLabel(tr("Stop board"))

        star.onToggled { [weak model] active in model?.setBoardFavourite(active) }
        for (order, button) in zip(StopBoard.SortOrder.allCases, sortButtons) {
            if button !== sortButtons[0] { button.group(with: sortButtons[0]) }
            button.onToggled { [weak model] active in if active { model?.boardSort = order } }
        }
    }

    func render(_ board: StopBoard) {
        star.isActive = board.isFavourite
        star.iconName = board.isFavourite ? "starred-symbolic" : "non-starred-symbolic"
        star.tooltip = board.isFavourite ? tr("Remove from Favourites") : tr("Add to Favourites")
        for (order, button) in zip(StopBoard.SortOrder.allCases, sortButtons) { button.isActive = order == model.boardSort }
        renderRoutes(board)
        serviceNotices.show(board.serviceNotices.isEmpty ? nil : board.serviceNotices)
        list.store.update(to: board.rows)
        status.show(board.screen, notice: board.notice)
    }

    /// One check button per route calling here; all ticked when none are chosen (every route shows).
    private func renderRoutes(_ board: StopBoard) {
        if routeChecks.map(\.route) != board.routes {
            routesBox.removeAll()
            let hint = Label(tr("Routes to show in favourites"))
            hint.addCSSClass("dim-label")
            hint.xalign = 0
            routesBox.append(hint)
            routeChecks = board.routes.map { route in
                // TRANSLATORS: %1$@ is a route's number: "Route 73".
                let check = CheckButton(label: trc("a route to tick on a stop's board", "Route %1$@").filled(route))
                check.onToggled { [weak model] shown in model?.setBoardRoute(route, shown: shown) }
                routesBox.append(check)
                return (route, check)
            }
        }
        for (route, check) in routeChecks {
            check.isActive = board.isShown(route)
        }
        routesButton.label = board.routesLabel
    }
}

extension StopBoard.SortOrder {
    /// How the board's sort menu names the order, in the person's language.
    var displayName: String {
        switch self {
        case .time: tr("By Time")
        case .route: tr("By Route")
        }
    }
}

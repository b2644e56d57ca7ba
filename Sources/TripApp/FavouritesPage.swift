import Adw
import Gtk
import Shumate
import TripCore
import TripViewModels
import TripWords

/// The Favourites tab: saved stops with their next arrivals on a visible countdown, a stop's
/// board, and "Add Stop".
@MainActor
final class FavouritesPage {
    let root = Stack()
    private let model: FavouritesViewModel
    private let list: ListView<FavouriteRow, FavouriteRowView>
    private let status: StatusView
    // The countdown changes every second: a bar and text that redraw themselves alone, without
    // laying out the window again.
    private let countdown = FractionBar(accessibleLabel: tr("Time to next refresh"))
    private let countdownText = Inscription(fitting: RefreshCycle.widestCountdownTexts)
    private let refreshButton = Button(label: tr("Refresh"))
    private let addButton = Button(label: tr("Add Stop"))
    private let storeBar: NoticeBar
    private let undoToast: UndoToast
    private let board: StopBoardView
    /// The board's controls for the window's header bar.
    var boardControls: Widget { board.headerControls }
    private let addStop: AddStopView
    /// The map of Add Stop's "On a map" (the bench's frame log pans it).
    var stopsMap: MapView { addStop.map.map }
    /// The rows the list has made (it recycles them), to find the one showing a stop.
    private var rowViews: [Weak<FavouriteRowView>] = []
    /// A stop moved with Move up or Move down: the keyboard follows it to its new place.
    private var moved: (key: StopKey, up: Bool)?
    private let alerts: AlertsViewModel
    /// The "Alerts" section over the list, while there are any.
    private let alertsBox = Box(.vertical, spacing: 0)
    private let alertRows = Box(.vertical, spacing: 0)
    private let alertsProblem = Label()
    private var alertViews: [Alert.ID: AlertRowView] = [:]

    init(model: FavouritesViewModel, alerts: AlertsViewModel, search: StopSearchViewModel, map: MapViewModel, background: MapBackground) {
        self.model = model
        self.alerts = alerts
        weak var page: FavouritesPage?
        list = ListView(accessibleLabel: tr("Favourite Stops"),
                        makeRow: {
                            let row = FavouriteRowView(onMove: { key, offset in page?.move(key, by: offset) },
                                                       onRemove: { [weak model] key in model?.list.remove(key) },
                                                       onDrop: { [weak model] dragged, target in model?.list.move(dragged, to: target) },
                                                       onNotify: { [weak model, weak alerts] key, line, minutes in
                                                           guard let stop = model?.list.favourite(key)?.stop, let alerts else { return }
                                                           Task { await alerts.notify(route: line, at: stop, minutes: minutes) }
                                                       }, defaultMinutes: { [weak alerts] in alerts?.defaultMinutes ?? 5 })
                            page?.rowViews.append(Weak(row))
                            return row
                        },
                        bind: { $0.show($1) })
        status = StatusView(content: ScrolledWindow(list),
                            emptyAction: (tr("Add Stop"), { [weak model] in model?.openAddStop() })) { [weak model] in
            model?.retry()
        }
        storeBar = NoticeBar(button: tr("Dismiss"), style: "notice") { [weak model] in model?.list.dismissStoreNotice() }
        board = StopBoardView(model: model, alerts: alerts)
        addStop = AddStopView(model: search, map: map, background: background, onOpen: { [weak model] stop in model?.openBoard(stop) })

        let heading = Label(tr("Favourite Stops"))
        heading.addCSSClass("heading")
        heading.xalign = 0
        countdownText.addCSSClass("dim-label")
        countdown.setSizeRequest(width: 160, height: -1)
        countdown.valign = .center
        let headings = Box(.vertical, spacing: 2, [heading, countdownText])
        headings.hexpand = true
        refreshButton.tooltip = tr("Refresh now (F5)")
        addButton.tooltip = tr("Find a stop to add (Ctrl+N)")
        addButton.addCSSClass("suggested-action")
        let toolbar = Box(.horizontal, spacing: 8, [headings, countdown, refreshButton, addButton])
        toolbar.setMargins(top: 8, bottom: 8, start: 12, end: 12)

        let alertsHeading = Label(tr("Alerts"))
        alertsHeading.addCSSClass("heading")
        alertsHeading.xalign = 0
        alertsHeading.setMargins(top: 8, bottom: 0, start: 12, end: 12)
        alertsProblem.addCSSClass("error")
        alertsProblem.xalign = 0
        alertsProblem.wraps = true
        alertsProblem.setMargins(top: 0, bottom: 0, start: 12, end: 12)
        alertsBox.append(alertsHeading)
        alertsBox.append(alertsProblem)
        alertsBox.append(alertRows)
        alertsBox.setAccessibleLabel(tr("Alerts"))
        let listPage = Box(.vertical, spacing: 0, [toolbar, alertsBox, storeBar.root, status.root])
        listPage.setAccessibleLabel(tr("Favourites list"))
        undoToast = UndoToast(over: listPage, undo: { [weak model] in model?.list.undoRemoval() },
                              decline: { [weak model] in model?.list.declineUndo() })
        undoToast.root.setAccessibleLabel(tr("Favourites list"))
        root.addNamed(undoToast.root, name: "list")
        root.addNamed(board.root, name: "board")
        root.addNamed(addStop.root, name: "add")

        refreshButton.onClicked { [weak model] in model?.refresh() }
        addButton.onClicked { [weak model] in model?.openAddStop() }
        list.onActivate { [weak model] row in
            if let stop = model?.list.favourite(row.id)?.stop { model?.openBoard(stop) }
        }
        root.onMap { [weak model] in model?.appear() }
        root.onUnmap { [weak model] in model?.disappear() }
        page = self
        observe { [weak self] in self?.render() }
        // Apart, so that a tick of the countdown redraws the countdown alone.
        observe { [weak self] in self?.renderCountdown() }
    }

    private func move(_ key: StopKey, by offset: Int) {
        moved = (key, offset < 0)
        model.list.move(key, by: offset)
    }

    /// The window was minimised or restored: a minimised window makes no requests and runs no timer.
    func windowMinimised(_ minimised: Bool) {
        if minimised {
            model.disappear()
        } else if root.isMapped {
            model.appear()
        }
    }

    private func renderCountdown() {
        countdown.fraction = model.cycle.fraction
        countdownText.text = model.cycle.countdownText
        refreshButton.isSensitive = !model.cycle.isRefreshing
    }

    private func render() {
        for part in [addButton, refreshButton, countdown, countdownText] as [Widget] { part.isVisible = model.list.hasStops }
        storeBar.show(model.list.storeNotice, details: model.list.storeNoticeDetails)
        undoToast.show(model.list.undoMessage)
        list.store.update(to: model.rows)
        if let moved, let row = rowViews.lazy.compactMap(\.value).first(where: { $0.stopKey == moved.key }) {
            self.moved = nil
            row.focusMoveButton(up: moved.up)
        }
        status.show(model.screen, notice: model.notice)

        let shown: String
        switch model.page {
        case .list: shown = "list"
        case .board: shown = "board"
        case .addStop: shown = "add"
        }
        if let stopBoard = model.board { board.render(stopBoard) }
        renderAlerts()
        if root.visibleChildName != shown {
            root.visibleChildName = shown
            if shown == "add" { addStop.focusFirstField() }
        }
    }
}

extension FavouritesPage {
    /// The alerts' rows, each made once and updated in place (a row's Cancel keeps the focus while
    /// its ETA changes); the section hides when there are none.
    private func renderAlerts() {
        let rows = alerts.rows
        alertsBox.isVisible = !rows.isEmpty || alerts.problem != nil
        alertsProblem.text = alerts.problem ?? ""
        alertsProblem.isVisible = alerts.problem != nil
        let ids = Set(rows.map(\.id))
        for (id, view) in alertViews where !ids.contains(id) {
            alertRows.remove(view.root)
            alertViews[id] = nil
        }
        for row in rows {
            if let view = alertViews[row.id] {
                view.show(row)
            } else {
                let view = AlertRowView(row) { [weak alerts] id in Task { await alerts?.cancel(id) } }
                alertRows.append(view.root)
                alertViews[row.id] = view
            }
        }
    }
}

/// A reference that does not keep its object alive.
private struct Weak<Value: AnyObject> {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}

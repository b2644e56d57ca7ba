import Gtk
import TripCore
import TripViewModels
import TripWords

/// One stop of the Favourites list: name and letter, the next arrival per route of interest as
/// route badges with their times (wrapping onto more lines rather than being cut), whose clock the
/// times are when it is not this machine's, a status line when something is off, the service's
/// messages, and buttons to reorder and remove it. Rows can be dragged onto one another to reorder
/// them.
@MainActor
final class FavouriteRowView: Widget {
    private let title = Label()
    private let subtitle = Label()
    /// The badges and times, then "+2 more routes on the board" and the zone's hint.
    private let arrivals = FlowBox(columnSpacing: 14, rowSpacing: 6)
    private var arrivalViews: [NextArrivalView] = []
    private var flowShape = FlowShape(arrivals: 0, extras: [])
    private let moreRoutes = Label()
    private let zoneHint = Label()
    private let status = Label()
    private let notices = Label()
    private let moveUp = Button(iconName: "go-up-symbolic", accessibleLabel: tr("Move up"))
    private let moveDown = Button(iconName: "go-down-symbolic", accessibleLabel: tr("Move down"))
    private let remove = Button(iconName: "user-trash-symbolic", accessibleLabel: tr("Remove"))
    private var shown: FavouriteRow?
    private var dragSource: DragSource?
    /// "Notify me": the stop's routes of interest, each setting an alert for its next arrival.
    private let notify: MenuButton
    private let notifyRoutes = Box(.vertical, spacing: 4)
    private let minutes = SpinButton(range: 1...30, accessibleLabel: tr("Minutes before"))
    private let notifyPopover: Popover
    /// The routes the popover's buttons were made for.
    private var notifyButtonLines: [String]?
    private let onNotify: @MainActor (StopKey, String, Int) -> Void
    /// The minutes the popover starts from (the `alerts.minutes` setting), read again for each stop shown.
    private let defaultMinutes: @MainActor () -> Int

    /// - Parameters:
    ///   - onDrop: a dragged stop (first) was dropped on this row's stop (second).
    ///   - onNotify: sets an alert for the next arrival of a route at a stop, so many minutes before it.
    init(onMove: @escaping @MainActor (StopKey, Int) -> Void, onRemove: @escaping @MainActor (StopKey) -> Void,
         onDrop: @escaping @MainActor (StopKey, StopKey) -> Void,
         onNotify: @escaping @MainActor (StopKey, String, Int) -> Void, defaultMinutes: @escaping @MainActor () -> Int) {
        self.onNotify = onNotify
        let before = Label(tr("Notify me when it is"))
        let after = Label(tr("min away"))
        let hint = Label(tr("Notify me of the next arrival of"))
        hint.xalign = 0
        hint.addCSSClass("dim-label")
        before.xalign = 0
        let content = Box(.vertical, spacing: 8, [before, Box(.horizontal, spacing: 6, [minutes, after]), hint, notifyRoutes])
        content.setMargins(8)
        notifyPopover = Popover(child: content)
        notify = MenuButton(iconName: "alarm-symbolic", accessibleLabel: tr("Notify me"), popover: notifyPopover)
        notify.opensToTheLeft()
        self.defaultMinutes = defaultMinutes
        minutes.value = defaultMinutes()
        let row = Box(.horizontal, spacing: 12)
        // Drawn once and replayed (`DrawnOnce`): the countdown's frame each second draws this row
        // as one node, not each of its labels, badges and buttons again; it is recorded again
        // when something in it changes.
        let drawn = DrawnOnce(row)
        super.init(floating: drawn.pointer)
        // Its wrapper's reference goes only once this wrapper holds its own.
        withExtendedLifetime(drawn) {}
        dragSource = DragSource(on: self)
        onDropText { [weak self] text in
            if let dragged = StopKey(text), let target = self?.shown?.id, dragged != target { onDrop(dragged, target) }
        }
        title.addCSSClass("deal-title")
        subtitle.addCSSClass("dim-label")
        notices.addCSSClass("service-notice")
        for label in [title, subtitle] {
            label.xalign = 0
            label.ellipsizes = true
        }
        // What the row says of its arrivals and their service wraps: nothing of it is cut.
        for label in [status, notices] {
            label.xalign = 0
            label.wraps = true
        }
        for label in [moreRoutes, zoneHint] {
            // The flow lines its items up in columns: these start where their column does.
            label.addCSSClass("dim-label")
            label.halign = .start
        }
        arrivals.setMargins(top: 4, bottom: 2, start: 0, end: 0)
        arrivals.passPointerThrough()
        let text = Box(.vertical, spacing: 2, [title, subtitle, arrivals, status, notices])
        text.hexpand = true
        text.valign = .center
        let buttons = Box(.horizontal, spacing: 4, [notify, moveUp, moveDown, remove])
        buttons.valign = .center
        for button in [notify, moveUp, moveDown, remove] as [Widget] { button.addCSSClass("flat") }
        row.append(text)
        row.append(buttons)
        row.setMargins(top: 8, bottom: 8, start: 12, end: 12)

        moveUp.onClicked { [weak self] in if let key = self?.shown?.id { onMove(key, -1) } }
        moveDown.onClicked { [weak self] in if let key = self?.shown?.id { onMove(key, 1) } }
        remove.onClicked { [weak self] in if let key = self?.shown?.id { onRemove(key) } }
        notifyPopover.on("show") { [weak self] in self?.makeNotifyButtons() }
    }

    /// The stop this row shows now (rows are recycled).
    var stopKey: StopKey? { shown?.id }

    /// Puts the keyboard on Move up (or Move down) again; on the row itself once the stop can go no
    /// further that way, so another press moves nothing back.
    func focusMoveButton(up: Bool) {
        let pressed = up ? moveUp : moveDown
        if pressed.isSensitive { pressed.grabFocus() } else { grabFocusOnParent() }
    }

    func show(_ row: FavouriteRow) {
        if shown?.id != row.id { minutes.value = defaultMinutes() }
        shown = row
        dragSource?.text = row.id.description
        title.text = row.title
        title.tooltip = row.title
        subtitle.text = row.subtitle
        showArrivals(row)
        status.text = row.status
        status.isVisible = !row.status.isEmpty
        status.setCSSClass("stale", row.isStale)
        status.setCSSClass("dim-label", !row.isStale)
        notices.text = row.notices
        notices.isVisible = !row.notices.isEmpty
        moveUp.isSensitive = !row.isFirst
        moveDown.isSensitive = !row.isLast
        setAccessibleLabel(row.accessibleName)
        showNotifyRoutes(row)
    }

    /// "Notify me", named for the stop, shown while the row has arrivals; its popover's buttons,
    /// one per route, are made when it opens (`makeNotifyButtons`), not for each time a row is
    /// bound: a row's routes change order as buses pass, and the popover is seldom opened.
    private func showNotifyRoutes(_ row: FavouriteRow) {
        notify.isVisible = !row.nextArrivals.isEmpty
        // TRANSLATORS: a favourite's "Notify me" button, %1$@ the stop: "Notify me: Oxford Circus Station (Stop OC)".
        let name = tr("Notify me: %1$@").filled(row.title)
        notify.setAccessibleLabel(name)
        notify.tooltip = name
        if notifyPopover.isVisible { makeNotifyButtons() }
    }

    /// One button per route of the row's arrivals (its routes of interest), made again only when
    /// they changed since the popover last showed them.
    private func makeNotifyButtons() {
        var seen = Set<String>()
        let lines = (shown?.nextArrivals ?? []).map(\.line).filter { seen.insert($0).inserted }
        guard lines != notifyButtonLines else { return }
        notifyButtonLines = lines
        notifyRoutes.removeAll()
        for line in lines {
            let button = Button(label: trc("a route to be notified of", "Route %1$@").filled(line))
            button.onClicked { [weak self] in
                guard let self, let key = shown?.id else { return }
                minutes.takeInText()
                onNotify(key, line, minutes.value)
                notify.popdown()
            }
            notifyRoutes.append(button)
        }
    }

    /// Fills the flow in place (each refresh changes the times, seldom how many routes are due).
    /// When that changes, only the arrivals gone are taken out and only the new ones made, in
    /// front of the labels after them: a new widget is announced to assistive technologies with
    /// every name it holds, and GTK 4.8 leaves a widget's old accessible objects behind when it is
    /// taken out and put back. The labels after the arrivals move only when which of them show changes.
    private func showArrivals(_ row: FavouriteRow) {
        let extras = [(moreRoutes, row.moreRoutes), (zoneHint, row.zoneHint)].filter { !$0.1.isEmpty }.map(\.0)
        let shape = FlowShape(arrivals: row.nextArrivals.count, extras: extras.map(ObjectIdentifier.init))
        if shape != flowShape {
            while arrivalViews.count > row.nextArrivals.count { arrivals.remove(arrivalViews.removeLast()) }
            while arrivalViews.count < row.nextArrivals.count {
                let view = NextArrivalView()
                arrivals.insert(view, at: arrivalViews.count)
                arrivalViews.append(view)
            }
            if shape.extras != flowShape.extras {
                [moreRoutes, zoneHint].forEach(arrivals.remove)
                extras.forEach(arrivals.append)
            }
            flowShape = shape
        }
        for (view, arrival) in zip(arrivalViews, row.nextArrivals) { view.show(arrival) }
        moreRoutes.text = row.moreRoutes
        zoneHint.text = row.zoneHint
        arrivals.isVisible = !row.nextArrivals.isEmpty
    }

    /// What the flow holds: how many arrivals, then which of the labels after them.
    private struct FlowShape: Equatable {
        var arrivals: Int
        var extras: [ObjectIdentifier]
    }
}

/// One route's next arrival in a favourite row: its badge, then when it comes ("3 min").
@MainActor
final class NextArrivalView: Widget {
    private let badge = RouteBadge()
    private let time = Label()

    init() {
        let box = Box(.horizontal, spacing: 6, [badge, time])
        super.init(floating: box.pointer)
        badge.valign = .center
        time.valign = .center
        time.addCSSClass("arrival-time")
    }

    func show(_ arrival: FavouriteRow.NextArrival) {
        badge.show(line: arrival.line, style: arrival.badgeStyle)
        time.text = arrival.time
    }
}

/// One arrival on a stop's board: route, destination, minutes, clock time and vehicle.
@MainActor
final class ArrivalRowView: Widget {
    /// "Route 73" above the first of its route's arrivals, on a board sorted by route.
    private let heading = Label()
    private let line = RouteBadge()
    private let destination = Label()
    private let vehicle = Label()
    private let countdown = Label()
    private let clock = Label()
    /// "Notify me: 124 to Eltham": a popover that sets an alert for this arrival.
    private let notify: MenuButton
    private let minutes = SpinButton(range: 1...30, accessibleLabel: tr("Minutes before"))
    /// The row shown, by id: the spin button starts again from the setting for another arrival.
    private var shownID: ArrivalRow.ID?

    /// - Parameters:
    ///   - onNotify: sets an alert for the arrival of the row `id`, `minutes` before it.
    ///   - defaultMinutes: the minutes the popover starts from (the `alerts.minutes` setting).
    init(onNotify: @escaping @MainActor (_ id: ArrivalRow.ID, _ minutes: Int) -> Void, defaultMinutes: @escaping @MainActor () -> Int) {
        let setAlert = Button(label: tr("Set alert"))
        setAlert.addCSSClass("suggested-action")
        // TRANSLATORS: "Notify me when it is [5] min away": the words before the minutes' spin button.
        let before = Label(tr("Notify me when it is"))
        // TRANSLATORS: the words after the minutes' spin button.
        let after = Label(tr("min away"))
        before.xalign = 0
        let content = Box(.vertical, spacing: 8, [before, Box(.horizontal, spacing: 6, [minutes, after]), setAlert])
        content.setMargins(8)
        let popover = Popover(child: content)
        notify = MenuButton(iconName: "alarm-symbolic", accessibleLabel: tr("Notify me"), popover: popover)
        notify.opensToTheLeft()
        notify.addCSSClass("flat")
        notify.valign = .center
        self.defaultMinutes = defaultMinutes
        let outer = Box(.vertical, spacing: 0)
        super.init(floating: outer.pointer)
        let row = Box(.horizontal, spacing: 16)
        line.setSizeRequest(width: 56, height: -1)
        destination.xalign = 0
        destination.ellipsizes = true
        vehicle.addCSSClass("dim-label")
        vehicle.xalign = 0
        let what = Box(.vertical, spacing: 2, [destination, vehicle])
        what.hexpand = true
        countdown.addCSSClass("deal-price")
        countdown.xalign = 1
        clock.addCSSClass("dim-label")
        clock.xalign = 1
        let when = Box(.vertical, spacing: 2, [countdown, clock])
        for part in [line, what, when, notify] as [Widget] {
            part.valign = .center
            row.append(part)
        }
        row.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        heading.addCSSClass("heading")
        heading.xalign = 0
        heading.setMargins(top: 12, bottom: 0, start: 12, end: 12)
        outer.append(heading)
        outer.append(row)
        minutes.value = defaultMinutes()
        setAlert.onClicked { [weak self] in
            guard let self, let id = shownID else { return }
            minutes.takeInText()
            onNotify(id, minutes.value)
            popover.popdown()
        }
    }

    private let defaultMinutes: @MainActor () -> Int

    func show(_ arrival: ArrivalRow) {
        heading.text = arrival.heading ?? ""
        heading.isVisible = arrival.heading != nil
        line.show(line: arrival.line, style: arrival.badgeStyle)
        destination.text = arrival.destination
        vehicle.text = arrival.vehicle
        vehicle.isVisible = !arrival.vehicle.isEmpty
        countdown.text = arrival.countdown
        clock.text = arrival.clock
        setAccessibleLabel(arrival.accessibleName)
        if shownID != arrival.id {
            shownID = arrival.id
            notify.setAccessibleLabel(arrival.notifyName)
            notify.tooltip = arrival.notifyName
            minutes.value = defaultMinutes()
        }
    }
}

/// One alert in the Favourites tab's "Alerts" section: the route and where it goes, the stop, its
/// ETA (or what it said when it ended), and "Cancel alert".
@MainActor
final class AlertRowView {
    let root = Box(.horizontal, spacing: 12)
    private let line = RouteBadge()
    private let title = Label()
    private let detail = Label()
    private let status = Label()

    init(_ alert: AlertRow, onCancel: @escaping @MainActor (Alert.ID) -> Void) {
        line.setSizeRequest(width: 56, height: -1)
        title.xalign = 0
        title.ellipsizes = true
        detail.xalign = 0
        detail.addCSSClass("dim-label")
        status.xalign = 1
        status.wraps = true
        let cancel = Button(label: tr("Cancel alert"))
        cancel.onClicked { onCancel(alert.id) }
        let what = Box(.vertical, spacing: 2, [title, detail])
        what.hexpand = true
        for part in [line, what, status, cancel] as [Widget] {
            part.valign = .center
            root.append(part)
        }
        root.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        show(alert)
    }

    func show(_ alert: AlertRow) {
        line.show(line: alert.line, style: alert.badgeStyle)
        title.text = alert.title
        detail.text = alert.stop
        status.text = alert.status
        status.setCSSClass("deal-price", alert.isActive)
        status.setCSSClass("dim-label", !alert.isActive)
        root.setAccessibleLabel(alert.accessibleName)
    }
}

/// One place found by "Add stop": name, mode, routes and distance, and an Add button per stop (one
/// per direction of a two-way place), each saying so instead when its stop is already a favourite.
@MainActor
final class StopResultRowView: Widget {
    private let title = Label()
    private let detail = Label()
    private let buttonBox = Box(.vertical, spacing: 4)
    private var buttons: [Button] = []
    private var shown: StopResultRow?
    private let onAdd: @MainActor (StopKey) -> Void

    init(onAdd: @escaping @MainActor (StopKey) -> Void) {
        self.onAdd = onAdd
        let row = Box(.horizontal, spacing: 12)
        super.init(floating: row.pointer)
        title.addCSSClass("deal-title")
        detail.addCSSClass("dim-label")
        for label in [title, detail] {
            label.xalign = 0
            label.ellipsizes = true
        }
        let text = Box(.vertical, spacing: 2, [title, detail])
        text.hexpand = true
        text.valign = .center
        buttonBox.valign = .center
        row.append(text)
        row.append(buttonBox)
        row.setMargins(top: 8, bottom: 8, start: 12, end: 12)
    }

    func show(_ result: StopResultRow) {
        shown = result
        title.text = result.title
        detail.text = result.detail
        if buttons.count != result.choices.count {
            buttonBox.removeAll()
            buttons = result.choices.indices.map { index in
                let button = Button(label: "")
                button.onClicked { [weak self] in
                    if let self, let choices = shown?.choices, choices.indices.contains(index) { onAdd(choices[index].key) }
                }
                buttonBox.append(button)
                return button
            }
        }
        for (button, choice) in zip(buttons, result.choices) {
            button.label = choice.label
            button.isSensitive = !choice.isFavourite
        }
        setAccessibleLabel(result.accessibleName)
    }
}

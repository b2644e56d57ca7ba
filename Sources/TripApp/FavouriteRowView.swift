import Gtk
import TripCore
import TripViewModels

/// One stop of the Favourites list: name and letter, the next arrival per route of interest, a
/// status line when something is off, and buttons to reorder and remove it. Rows can be dragged
/// onto one another to reorder them.
@MainActor
final class FavouriteRowView: Widget {
    private let title = Label()
    private let subtitle = Label()
    private let arrivals = Label()
    private let status = Label()
    private let notices = Label()
    private let moveUp = Button(iconName: "go-up-symbolic", accessibleLabel: "Move up")
    private let moveDown = Button(iconName: "go-down-symbolic", accessibleLabel: "Move down")
    private let remove = Button(iconName: "user-trash-symbolic", accessibleLabel: "Remove")
    private var shown: FavouriteRow?
    private var dragSource: DragSource?

    /// - Parameter onDrop: a dragged stop (first) was dropped on this row's stop (second).
    init(onMove: @escaping @MainActor (StopKey, Int) -> Void, onRemove: @escaping @MainActor (StopKey) -> Void,
         onDrop: @escaping @MainActor (StopKey, StopKey) -> Void) {
        let row = Box(.horizontal, spacing: 12)
        super.init(floating: row.pointer)
        dragSource = DragSource(on: self)
        onDropText { [weak self] text in
            if let dragged = StopKey(text), let target = self?.shown?.id, dragged != target { onDrop(dragged, target) }
        }
        title.addCSSClass("deal-title")
        subtitle.addCSSClass("dim-label")
        arrivals.addCSSClass("arrivals")
        notices.addCSSClass("service-notice")
        for label in [title, subtitle, arrivals, status, notices] {
            label.xalign = 0
            label.ellipsizes = true
        }
        let text = Box(.vertical, spacing: 2, [title, subtitle, arrivals, status, notices])
        text.hexpand = true
        text.valign = .center
        let buttons = Box(.horizontal, spacing: 4, [moveUp, moveDown, remove])
        buttons.valign = .center
        for button in [moveUp, moveDown, remove] { button.addCSSClass("flat") }
        row.append(text)
        row.append(buttons)
        row.setMargins(top: 8, bottom: 8, start: 12, end: 12)

        moveUp.onClicked { [weak self] in if let key = self?.shown?.id { onMove(key, -1) } }
        moveDown.onClicked { [weak self] in if let key = self?.shown?.id { onMove(key, 1) } }
        remove.onClicked { [weak self] in if let key = self?.shown?.id { onRemove(key) } }
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
        shown = row
        dragSource?.text = row.id.description
        title.text = row.title
        subtitle.text = row.subtitle
        arrivals.text = row.arrivals
        arrivals.isVisible = !row.arrivals.isEmpty
        status.text = row.status
        status.tooltip = row.status.isEmpty ? nil : row.status
        status.isVisible = !row.status.isEmpty
        status.setCSSClass("stale", row.isStale)
        status.setCSSClass("dim-label", !row.isStale)
        notices.text = row.notices
        notices.tooltip = row.notices
        notices.isVisible = !row.notices.isEmpty
        moveUp.isSensitive = !row.isFirst
        moveDown.isSensitive = !row.isLast
        setAccessibleLabel(row.accessibleName)
    }
}

/// One arrival on a stop's board: route, destination, minutes, clock time and vehicle.
@MainActor
final class ArrivalRowView: Widget {
    /// "Route 73" above the first of its route's arrivals, on a board sorted by route.
    private let heading = Label()
    private let line = Label()
    /// The style class of the route badge shown, as the arrival's service colours it.
    private var badgeStyle: String?
    private let destination = Label()
    private let vehicle = Label()
    private let countdown = Label()
    private let clock = Label()

    init() {
        let outer = Box(.vertical, spacing: 0)
        super.init(floating: outer.pointer)
        let row = Box(.horizontal, spacing: 16)
        line.addCSSClass("route-badge")
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
        for part in [line, what, when] as [Widget] {
            part.valign = .center
            row.append(part)
        }
        row.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        heading.addCSSClass("heading")
        heading.xalign = 0
        heading.setMargins(top: 12, bottom: 0, start: 12, end: 12)
        outer.append(heading)
        outer.append(row)
    }

    func show(_ arrival: ArrivalRow) {
        heading.text = arrival.heading ?? ""
        heading.isVisible = arrival.heading != nil
        line.text = arrival.line
        if badgeStyle != arrival.badgeStyle {
            if let badgeStyle { line.setCSSClass(badgeStyle, false) }
            if let style = arrival.badgeStyle { line.setCSSClass(style, true) }
            badgeStyle = arrival.badgeStyle
        }
        destination.text = arrival.destination
        vehicle.text = arrival.vehicle
        vehicle.isVisible = !arrival.vehicle.isEmpty
        countdown.text = arrival.countdown
        clock.text = arrival.clock
        setAccessibleLabel(arrival.accessibleName)
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

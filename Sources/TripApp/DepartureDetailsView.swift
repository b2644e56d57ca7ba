import Gtk
import TripViewModels
import TripWords

/// A departure's details: facts, the price broken down, the stops along the way and, last, so the
/// words read first, a map of the trip. Its title and Back are in the window's header bar.
@MainActor
final class DepartureDetailsView {
    let root = Box(.vertical, spacing: 12)
    private let sections = Box(.vertical, spacing: 18)
    private let background: MapBackground
    private var tripMap: TripMapView?
    /// The details shown: the page renders at every page of a search, and showing the same ones
    /// again would make every part (and the map) anew, losing the scroll, a selection and the
    /// place a screen reader was reading.
    private var shown: DepartureDetails?

    init(background: MapBackground) {
        self.background = background
        sections.setMargins(top: 18, bottom: 24, start: 24, end: 24)
        root.append(ScrolledWindow(sections))
        root.setAccessibleLabel(tr("Departure details"))
    }

    func show(_ details: DepartureDetails) {
        guard details != shown else { return }
        shown = details
        sections.removeAll()
        sections.append(section(tr("Journey"), details.facts))
        sections.append(section(tr("Price"), details.price))
        if !details.stops.isEmpty { sections.append(section(trc("a departure's stops along the way", "Stops"), details.stops)) }
        tripMap = details.route.map { TripMapView($0, background: background) }
        if let tripMap {
            let header = Label(heading: tr("Map"))
            header.addCSSClass("heading")
            header.xalign = 0
            sections.append(Box(.vertical, spacing: 6, [header, tripMap.root]))
        }
    }

    /// Empties the view once it is closed, so nothing stale lingers (or is read out) behind the list.
    func clear() {
        guard shown != nil else { return }
        shown = nil
        sections.removeAll()
        tripMap = nil
    }

    private func section(_ heading: String, _ facts: [DepartureDetails.Fact]) -> Widget {
        let header = Label(heading)
        header.addCSSClass("heading")
        header.xalign = 0
        let box = Box(.vertical, spacing: 6, [header])
        for fact in facts {
            let label = Label(fact.label)
            label.addCSSClass("dim-label")
            label.xalign = 0
            label.setSizeRequest(width: 110, height: -1)
            let value = Label(fact.value)
            value.xalign = 0
            value.wraps = true
            value.hexpand = true
            value.isSelectable = true
            box.append(Box(.horizontal, spacing: 12, [label, value]))
        }
        return box
    }
}

import Gtk
import TripViewModels

/// One row of the Departures list: times and duration, stations and operator, price and seats.
/// The stations and the operator, the long texts a narrow window cuts, are inscriptions: a list
/// binds rows to new departures as a search's pages arrive, and a label cut with an ellipsis is
/// measured anew at each width it is offered (after a search's last page, 35 ms of GDK's
/// compute-size went to measuring the rows' labels).
@MainActor
final class DepartureRowView: Widget, KeptRow {
    private let times = Label()
    private let duration = Label()
    private let stations = Inscription(cutToFit: 40)
    private let operatorLine = Inscription(cutToFit: 40)
    let price = Label()
    private let seats = Label()

    init() {
        let row = Box(.horizontal, spacing: 16)
        super.init(floating: row.pointer)
        times.addCSSClass("departure-times")
        duration.addCSSClass("dim-label")
        price.addCSSClass("deal-price")
        seats.addCSSClass("dim-label")
        operatorLine.addCSSClass("dim-label")
        for label in [times, duration] { label.xalign = 0 }
        for label in [price, seats] { label.xalign = 1 }

        let when = Box(.vertical, spacing: 2, [times, duration])
        when.setSizeRequest(width: 150, height: -1)
        let what = Box(.vertical, spacing: 2, [stations, operatorLine])
        what.hexpand = true
        let cost = Box(.vertical, spacing: 2, [price, seats])
        for column in [when, what, cost] {
            column.valign = .center
            row.append(column)
        }
        row.setMargins(top: 8, bottom: 8, start: 12, end: 12)
    }

    func show(_ departure: DepartureRow) {
        times.text = "\(departure.departs) → \(departure.arrives)" + (departure.dayOffset.isEmpty ? "" : " \(departure.dayOffset)")
        duration.text = departure.duration
        stations.text = "\(departure.origin) → \(departure.destination)"
        operatorLine.text = departure.amenities.isEmpty
            ? departure.operatorName : "\(departure.operatorName) · \(departure.amenities)"
        price.text = departure.price
        seats.text = departure.seats
        setAccessibleLabel(departure.accessibleName)
    }
}

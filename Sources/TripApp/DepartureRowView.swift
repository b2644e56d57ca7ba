import Gtk
import TripViewModels

/// One row of the Departures list: times and duration, stations and operator, price and seats.
/// A list binds rows to new departures as a search's pages arrive (GTK keeps some 200 rows made,
/// most of them out of sight), and a label measures its text, shaping it, whenever it is laid
/// out, an ellipsized one at each width it is offered; an inscription's width does not depend on
/// the text's shapes, so its text is shaped once, when the row is drawn. The stations and the
/// operator, the long texts a narrow window cuts, are cut to fit; the times, the duration and
/// the seats are as wide as their characters. The price stays a label, so it can never be cut.
@MainActor
final class DepartureRowView: Widget, KeptRow {
    private let times = Inscription(sizedToText: 1)
    private let duration = Inscription(sizedToText: 1)
    private let stations = Inscription(cutToFit: 40)
    private let operatorLine = Inscription(cutToFit: 40)
    let price = Label()
    private let seats = Inscription(sizedToText: 1)

    init() {
        let row = Box(.horizontal, spacing: 16)
        super.init(floating: row.pointer)
        times.addCSSClass("departure-times")
        duration.addCSSClass("dim-label")
        price.addCSSClass("deal-price")
        seats.addCSSClass("dim-label")
        operatorLine.addCSSClass("dim-label")
        price.xalign = 1
        seats.xalign = 1

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

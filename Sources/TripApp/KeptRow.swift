import Gtk

/// A list row that can show an answer kept from earlier, not fresh: dimmed, its price in the text
/// colour rather than the accent's. Marked on the row's own widgets, not by a style class on the
/// list, which would restyle every row the list keeps (a search's: 41 ms for the frame in which a
/// kept answer turned live, against 17–20 ms marked row by row).
@MainActor
protocol KeptRow: Widget {
    var price: Label { get }
}

extension KeptRow {
    func markKept(_ kept: Bool) {
        opacity = kept ? 0.8 : 1
        price.setCSSClass("kept-price", kept)
    }

    /// The row, marked: for `makeRow`, so a row made later looks like those marked before it.
    func marked(kept: Bool) -> Self {
        markKept(kept)
        return self
    }
}

extension ListView where Row: KeptRow {
    /// Marks every row made so far; `makeRow` marks the rows it makes later.
    func markKept(_ kept: Bool) {
        forEachRow { $0.markKept(kept) }
    }
}

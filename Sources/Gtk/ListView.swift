import CGtk

/// A `GtkListView` over a `ListStore`, recycling row widgets: a row is made only when a new one
/// fits on screen, and re-bound to whichever value scrolls into it.
public final class ListView<Value, Row: Widget>: Widget {
    public let store: ListStore<Value>
    private let factory: Object
    private let made = MadeRows<Row>()

    /// - Parameters:
    ///   - accessibleLabel: what the list is called, e.g. "Deals".
    ///   - makeRow: builds an empty row.
    ///   - bind: fills a row with a value; the row may have shown another value before.
    public convenience init(accessibleLabel: String,
                            makeRow: @escaping @MainActor () -> Row,
                            bind: @escaping @MainActor (Row, Value) -> Void) {
        self.init(accessibleLabel: accessibleLabel, makeRow: makeRow, bind: bind, isSame: nil)
    }

    /// A list of values that can be compared: a row asked to show the value it already shows is
    /// left as it is. GTK 4.8 binds every row it keeps (up to 200) again after any change to the
    /// model before them, so merging a search's page would otherwise remake 200 rows' text.
    public convenience init(accessibleLabel: String,
                            makeRow: @escaping @MainActor () -> Row,
                            bind: @escaping @MainActor (Row, Value) -> Void) where Value: Equatable {
        self.init(accessibleLabel: accessibleLabel, makeRow: makeRow, bind: bind, isSame: ==)
    }

    private init(accessibleLabel: String,
                 makeRow: @escaping @MainActor () -> Row,
                 bind: @escaping @MainActor (Row, Value) -> Void,
                 isSame: ((Value, Value) -> Bool)?) {
        store = ListStore<Value>()
        factory = Object(owned: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
        let made = made
        factory.on("setup", pointer: { listItem in
            guard let listItem else { return }
            let slot = RowSlot<Row, Value>(makeRow())
            made.add(slot.row)
            gtk_list_item_set_child(OpaquePointer(listItem), slot.row.widget)
            // The list item keeps the Swift row (and so its widget references) for its lifetime.
            UserDataBox.attach(slot, to: listItem, key: rowQuark)
        })
        func show(_ value: Value, in slot: RowSlot<Row, Value>) {
            if let isSame, let shown = slot.shown, isSame(shown, value) { return }
            slot.shown = value
            bind(slot.row, value)
        }
        // The rows showing an item now, by item: a value changed in place is re-bound in its row.
        let bound = BoundRows<Row, Value>()
        factory.on("bind", pointer: { listItem in
            guard let listItem,
                  let item = gtk_list_item_get_item(OpaquePointer(listItem)),
                  let value = ListStore<Value>.value(ofItem: item),
                  let slot = UserDataBox<RowSlot<Row, Value>>.attached(to: listItem, key: rowQuark)
            else { return }
            bound.slots[item] = slot
            show(value, in: slot)
        })
        factory.on("unbind", pointer: { listItem in
            guard let listItem, let item = gtk_list_item_get_item(OpaquePointer(listItem)) else { return }
            bound.slots[item] = nil
        })
        store.valueChanged = { item, value in
            if let slot = bound.slots[item] { show(value, in: slot) }
        }
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(store.pointer)))
        let view = gtk_list_view_new(selection, OpaquePointer(g_object_ref(factory.pointer)))!
        super.init(floating: UnsafeMutableRawPointer(view))
        setAccessibleLabel(accessibleLabel)
    }

    /// Calls `body` with each row made so far that GTK still keeps, shown or waiting to be: to
    /// change them all alike (a row made later is made by `makeRow`, which should do the same).
    public func forEachRow(_ body: (Row) -> Void) {
        made.forEach(body)
    }

    /// Runs `handler` with the value of the row the person activates (a click, or Enter).
    public func onActivate(_ handler: @escaping @MainActor (Value) -> Void) {
        gtk_list_view_set_single_click_activate(OpaquePointer(pointer), 1)
        let store = store
        on("activate", uint: { position in
            if let value = store.value(at: position) { handler(value) }
        })
    }
}

/// A row widget and the value it shows.
private final class RowSlot<Row, Value> {
    let row: Row
    var shown: Value?
    init(_ row: Row) { self.row = row }
}

/// The rows made, held weakly: GTK destroys a list item's row with the item.
private final class MadeRows<Row: AnyObject> {
    private struct Made { weak var row: Row? }
    private var rows: [Made] = []

    func add(_ row: Row) {
        rows.removeAll { $0.row == nil }
        rows.append(Made(row: row))
    }

    func forEach(_ body: (Row) -> Void) {
        for made in rows { made.row.map(body) }
    }
}

private final class BoundRows<Row, Value> {
    var slots: [gpointer: RowSlot<Row, Value>] = [:]
}

private let rowQuark = g_quark_from_string("tripgtk-list-row")

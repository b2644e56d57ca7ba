import CGtk

/// A `GtkListView` over a `ListStore`, recycling row widgets: a row is made only when a new one
/// fits on screen, and re-bound to whichever value scrolls into it.
public final class ListView<Value, Row: Widget>: Widget {
    public let store: ListStore<Value>
    private let factory: Object

    /// - Parameters:
    ///   - accessibleLabel: what the list is called, e.g. "Deals".
    ///   - makeRow: builds an empty row.
    ///   - bind: fills a row with a value; the row may have shown another value before.
    public init(accessibleLabel: String,
                makeRow: @escaping @MainActor () -> Row,
                bind: @escaping @MainActor (Row, Value) -> Void) {
        store = ListStore<Value>()
        factory = Object(owned: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()))
        factory.on("setup", pointer: { listItem in
            guard let listItem else { return }
            let row = makeRow()
            gtk_list_item_set_child(OpaquePointer(listItem), row.widget)
            // The list item keeps the Swift row (and so its widget references) for its lifetime.
            UserDataBox.attach(row, to: listItem, key: rowQuark)
        })
        // The rows showing an item now, by item: a value changed in place is re-bound in its row.
        let bound = BoundRows<Row>()
        factory.on("bind", pointer: { listItem in
            guard let listItem,
                  let item = gtk_list_item_get_item(OpaquePointer(listItem)),
                  let value = ListStore<Value>.value(ofItem: item),
                  let row = UserDataBox<Row>.attached(to: listItem, key: rowQuark)
            else { return }
            bound.rows[item] = row
            bind(row, value)
        })
        factory.on("unbind", pointer: { listItem in
            guard let listItem, let item = gtk_list_item_get_item(OpaquePointer(listItem)) else { return }
            bound.rows[item] = nil
        })
        store.valueChanged = { item, value in
            if let row = bound.rows[item] { bind(row, value) }
        }
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(store.pointer)))
        let view = gtk_list_view_new(selection, OpaquePointer(g_object_ref(factory.pointer)))!
        super.init(floating: UnsafeMutableRawPointer(view))
        setAccessibleLabel(accessibleLabel)
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

private final class BoundRows<Row> {
    var rows: [gpointer: Row] = [:]
}

private let rowQuark = g_quark_from_string("tripgtk-list-row")

import CGtk

/// A `GListStore` of Swift values, the model behind a `ListView`.
///
/// Each value rides on a plain GObject that holds it with a +1 reference released when GLib
/// finalizes the item, so values live exactly as long as GTK needs them.
public final class ListStore<Value>: Object {
    public init() {
        super.init(owned: UnsafeMutableRawPointer(g_list_store_new(tripgtk_type_object())))
    }

    var store: OpaquePointer { OpaquePointer(pointer) }

    public var count: Int { Int(g_list_model_get_n_items(store)) }

    /// The value at `index`, or nil past the end.
    public func value(at index: Int) -> Value? {
        guard index >= 0, let item = g_list_model_get_item(store, guint(index)) else { return nil }
        defer { g_object_unref(item) }
        return ListStore.value(ofItem: item)
    }

    /// Replaces the whole content in one change, so the view updates once.
    public func replaceAll(_ values: [Value]) {
        splice(at: 0, removing: count, inserting: values)
    }

    public func append(contentsOf values: [Value]) {
        splice(at: count, removing: 0, inserting: values)
    }

    /// Removes `removing` items from `index` and inserts `values` there, as one change.
    public func splice(at index: Int, removing: Int, inserting values: [Value]) {
        var items: [gpointer?] = values.map { value in
            let item = g_object_new_with_properties(tripgtk_type_object(), 0, nil, nil)!
            let box = Unmanaged.passRetained(ValueBox(value)).toOpaque()
            g_object_set_qdata_full(item, valueQuark, box) { data in
                Unmanaged<AnyObject>.fromOpaque(data!).release()
            }
            return gpointer(item)
        }
        items.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, guint(index), guint(removing), buffer.baseAddress, guint(buffer.count))
        }
        items.forEach { g_object_unref($0) }
    }

    static func value(ofItem item: gpointer) -> Value? {
        guard let data = g_object_get_qdata(item.assumingMemoryBound(to: GObject.self), valueQuark) else { return nil }
        return Unmanaged<ValueBox<Value>>.fromOpaque(data).takeUnretainedValue().value
    }
}

private final class ValueBox<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

private let valueQuark = g_quark_from_string("tripgtk-list-value")

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

    /// What the store holds, in order: a Swift copy kept in step with the GObjects.
    public private(set) var values: [Value] = []

    public var count: Int { values.count }

    /// The value at `index`, or nil past the end.
    public func value(at index: Int) -> Value? {
        values.indices.contains(index) ? values[index] : nil
    }

    /// Replaces the whole content in one change, so the view updates once.
    public func replaceAll(_ values: [Value]) {
        splice(at: 0, removing: count, inserting: values)
    }

    public func append(contentsOf values: [Value]) {
        splice(at: count, removing: 0, inserting: values)
    }

    /// Removes `removing` items from `index` and inserts `values` there, as one change.
    public func splice(at index: Int, removing: Int, inserting newValues: [Value]) {
        precondition(index >= 0 && removing >= 0 && index + removing <= count, "splice outside the store")
        values.replaceSubrange(index..<(index + removing), with: newValues)
        var items: [gpointer?] = newValues.map { value in
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

    /// Changes the store to hold `newValues`, replacing only the stretch between the longest common
    /// beginning and end, so rows that did not change are neither rebuilt nor re-bound.
    public func update(to newValues: [Value]) where Value: Equatable {
        let old = values
        var prefix = 0
        while prefix < old.count, prefix < newValues.count, old[prefix] == newValues[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < newValues.count - prefix,
              old[old.count - 1 - suffix] == newValues[newValues.count - 1 - suffix] { suffix += 1 }
        guard prefix < old.count - suffix || prefix < newValues.count - suffix else { return }
        splice(at: prefix, removing: old.count - prefix - suffix,
               inserting: Array(newValues[prefix..<(newValues.count - suffix)]))
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

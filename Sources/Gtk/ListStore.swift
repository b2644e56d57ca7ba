import CGtk
import Foundation

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

    /// Told of each item whose value `update(to:)` changed in place, with its new value: the
    /// `ListView` re-binds the row showing it, since GTK sees no change in the model.
    var valueChanged: ((gpointer, Value) -> Void)?

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
        spliceItems(at: index, removing: removing, inserting: newValues[...])
    }

    /// The GObject side of a splice, once `values` already holds the result.
    private func spliceItems(at index: Int, removing: Int, inserting newValues: ArraySlice<Value>) {
        splice(at: index, removing: removing, items: newValues.map(newItem))
    }

    /// A new item holding `value`, with one reference for the caller.
    private func newItem(_ value: Value) -> gpointer {
        let item = g_object_new_with_properties(tripgtk_type_object(), 0, nil, nil)!
        UserDataBox.attach(value, to: item, key: valueQuark)
        return gpointer(item)
    }

    /// Replaces `removing` items from `index` with `items`, as one change, and drops the caller's
    /// reference to each.
    private func splice(at index: Int, removing: Int, items: [gpointer]) {
        var items: [gpointer?] = items
        items.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, guint(index), guint(removing), buffer.baseAddress, guint(buffer.count))
        }
        items.forEach { g_object_unref($0) }
    }

    /// Changes the store to hold `newValues` keeping every item that stays: when the change only
    /// inserts (a search's next page merged into sorted rows), the stretch from the first insertion
    /// to the last is replaced in one change by the same items with the new ones among them, so
    /// GTK keeps the row of every item that stays (bound, with any focus in it) and binds only the
    /// new ones it shows. Otherwise the stretch between the longest common beginning and end is
    /// replaced by new items.
    public func update(to newValues: [Value]) where Value: Equatable {
        replaceChanged(with: newValues)
    }

    private func replaceChanged(with newValues: [Value]) where Value: Equatable {
        let old = values
        var prefix = 0
        while prefix < old.count, prefix < newValues.count, old[prefix] == newValues[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < newValues.count - prefix,
              old[old.count - 1 - suffix] == newValues[newValues.count - 1 - suffix] { suffix += 1 }
        let oldChanged = prefix..<(old.count - suffix)
        let newChanged = prefix..<(newValues.count - suffix)
        guard !oldChanged.isEmpty || !newChanged.isEmpty else { return }
        guard !oldChanged.isEmpty, let runs = Self.insertions(turning: old[oldChanged], into: newValues[newChanged]) else {
            return splice(at: prefix, removing: oldChanged.count, inserting: Array(newValues[newChanged]))
        }
        values = newValues
        var items: [gpointer] = []
        items.reserveCapacity(newChanged.count)
        var oldIndex = oldChanged.lowerBound
        var newIndex = newChanged.lowerBound
        func keepOld(until end: Int) {
            while newIndex < end {
                items.append(g_list_model_get_item(store, guint(oldIndex))!)
                oldIndex += 1
                newIndex += 1
            }
        }
        for run in runs {
            keepOld(until: run.lowerBound)
            items += newValues[run].map(newItem)
            newIndex = run.upperBound
        }
        keepOld(until: newChanged.upperBound)
        splice(at: prefix, removing: oldChanged.count, items: items)
    }

    /// Changes the store to hold `newValues`, keeping the row of every value whose identity stays:
    /// a value that changed but kept its `id` (a favourite whose arrivals moved on) is replaced in
    /// its item and its row re-bound, so the row's widgets stay where a pointer or the keyboard
    /// focus may be on them. Rows come and go, or move, as in the `Equatable` `update(to:)`.
    public func update(to newValues: [Value]) where Value: Identifiable & Equatable {
        // Only insertions (a search's next page) change no value in place: no need to look.
        guard !Self.onlyInserts(turning: values, into: newValues) else { return replaceChanged(with: newValues) }
        let incoming = Dictionary(newValues.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in values.indices {
            guard let value = incoming[values[index].id], value != values[index],
                  let item = g_list_model_get_item(store, guint(index)) else { continue }
            values[index] = value
            UserDataBox.attach(value, to: item, key: valueQuark)
            valueChanged?(item, value)
            FileHandle.standardError.write("CHANGED \(index)\n".data(using: .utf8)!)
            g_object_unref(item)
        }
        replaceChanged(with: newValues)
    }

    /// Whether `new` is `old` with values inserted (or `old` itself).
    static func onlyInserts(turning old: [Value], into new: [Value]) -> Bool where Value: Equatable {
        old == new || insertions(turning: old[...], into: new[...]) != nil
    }

    /// The stretches of `new` (by its indices) that, inserted in order, turn `old` into `new`; nil
    /// when `new` does not hold all of `old` in the same order.
    static func insertions(turning old: ArraySlice<Value>, into new: ArraySlice<Value>) -> [Range<Int>]?
    where Value: Equatable {
        guard new.count > old.count else { return nil }
        var runs: [Range<Int>] = []
        var oldIndex = old.startIndex
        var newIndex = new.startIndex
        while newIndex < new.endIndex {
            if oldIndex < old.endIndex, old[oldIndex] == new[newIndex] {
                oldIndex += 1
                newIndex += 1
                continue
            }
            let start = newIndex
            while newIndex < new.endIndex, oldIndex == old.endIndex || old[oldIndex] != new[newIndex] { newIndex += 1 }
            runs.append(start..<newIndex)
        }
        return oldIndex == old.endIndex ? runs : nil
    }

    static func value(ofItem item: gpointer) -> Value? {
        UserDataBox<Value>.attached(to: item, key: valueQuark)
    }
}

private let valueQuark = g_quark_from_string("tripgtk-list-value")

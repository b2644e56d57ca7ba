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
    ///
    /// Inlinable, as is the comparing it does: specialised for the caller's values, comparing
    /// 10,000 rows copies none of them (generic code copies each through its value witness).
    @inlinable
    public func update(to newValues: [Value]) where Value: Equatable {
        apply(ListChange(from: values, to: newValues), newValues)
    }

    /// Changes the store to hold `newValues`, keeping the row of every value whose identity stays:
    /// a value that changed but kept its `id` (a favourite whose arrivals moved on) is replaced in
    /// its item and its row re-bound, so the row's widgets stay where a pointer or the keyboard
    /// focus may be on them. Rows come and go, or move, as in the `Equatable` `update(to:)`.
    @inlinable
    public func update(to newValues: [Value]) where Value: Identifiable & Equatable {
        let change = ListChange(from: values, to: newValues)
        // Only insertions (a search's next page) change no value in place: no need to look.
        guard case .replace = change else { return apply(change, newValues) }
        replaceSameIdentity(from: newValues)
        apply(ListChange(from: values, to: newValues), newValues)
    }

    /// Puts each value of `newValues` whose `id` is in the store, changed, in its item, and re-binds its row.
    @usableFromInline
    func replaceSameIdentity(from newValues: [Value]) where Value: Identifiable & Equatable {
        let incoming = Dictionary(newValues.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in values.indices {
            guard let value = incoming[values[index].id], value != values[index],
                  let item = g_list_model_get_item(store, guint(index)) else { continue }
            values[index] = value
            UserDataBox.attach(value, to: item, key: valueQuark)
            valueChanged?(item, value)
            g_object_unref(item)
        }
    }

    /// Makes `change`, which turns the store's values into `newValues`, to the GObjects.
    @usableFromInline
    func apply(_ change: ListChange, _ newValues: [Value]) {
        switch change {
        case .none:
            return
        case .replace(let oldChanged, let newChanged):
            splice(at: oldChanged.lowerBound, removing: oldChanged.count, inserting: Array(newValues[newChanged]))
        case .insert(let newChanged, let runs):
            values = newValues
            // The runs among the first rows, where GTK keeps row widgets while the list is at its
            // top, are inserted each on its own: GTK then moves the rows they push past the kept
            // ones onto them (showing new values) instead of making new rows and destroying those.
            // The rest, the most, are one change: each change makes GTK walk every row it keeps.
            let separate = runs.prefix { $0.lowerBound < Self.rowsKeptAtTheTop }
            for run in separate {
                splice(at: run.lowerBound, removing: 0, items: newValues[run].map(newItem))
            }
            guard let start = runs.dropFirst(separate.count).first?.lowerBound else { return }
            // From `start` the store holds the old values still, in order: they are put back with
            // the remaining runs among them.
            var items: [gpointer] = []
            var stored = start
            var newIndex = start
            func keepStored(until end: Int) {
                while newIndex < end {
                    items.append(g_list_model_get_item(store, guint(stored))!)
                    stored += 1
                    newIndex += 1
                }
            }
            for run in runs.dropFirst(separate.count) {
                keepStored(until: run.lowerBound)
                items += newValues[run].map(newItem)
                newIndex = run.upperBound
            }
            keepStored(until: newChanged.upperBound)
            splice(at: start, removing: stored - start, items: items)
        }
    }

    /// Rows GTK 4.8's list view keeps made around the rows in view (`GTK_LIST_VIEW_MAX_LIST_ITEMS`
    /// is 200), with room to spare.
    @usableFromInline
    static var rowsKeptAtTheTop: Int { 250 }

    static func value(ofItem item: gpointer) -> Value? {
        UserDataBox<Value>.attached(to: item, key: valueQuark)
    }
}

private let valueQuark = g_quark_from_string("tripgtk-list-value")

/// How one list of values becomes another, found by comparing them: nothing; values inserted
/// (runs of the new list's indices) into a stretch of the old; or a stretch replaced.
public enum ListChange {
    case none
    /// The new list's stretch `new` is the old values from its start, in order, with the new
    /// list's `runs` inserted among them.
    case insert(new: Range<Int>, runs: [Range<Int>])
    /// The old stretch `old` becomes the new list's stretch `new`.
    case replace(old: Range<Int>, new: Range<Int>)

    /// Compares the longest common beginning and end, then whether the rest only inserts.
    @inlinable
    public init<Value: Equatable>(from old: [Value], to new: [Value]) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldChanged = prefix..<(old.count - suffix)
        let newChanged = prefix..<(new.count - suffix)
        if oldChanged.isEmpty && newChanged.isEmpty {
            self = .none
        } else if !oldChanged.isEmpty, let runs = Self.insertions(turning: old[oldChanged], into: new[newChanged]) {
            self = .insert(new: newChanged, runs: runs)
        } else {
            self = .replace(old: oldChanged, new: newChanged)
        }
    }

    /// The stretches of `new` (by its indices) that, inserted in order, turn `old` into `new`; nil
    /// when `new` does not hold all of `old` in the same order.
    @inlinable
    public static func insertions<Value: Equatable>(turning old: ArraySlice<Value>, into new: ArraySlice<Value>) -> [Range<Int>]? {
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
}

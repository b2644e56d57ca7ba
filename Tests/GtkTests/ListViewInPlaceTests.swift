import CGtk
import Testing
@testable import Gtk

/// A row whose value changes but keeps its identity stays the same item and the same widget.
@MainActor
struct ListViewInPlaceTests {
    struct Stop: Identifiable, Equatable {
        var id: String
        var arrivals: String
    }

    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    /// A value changed under the same `id` is re-bound in the row already showing it: the store's
    /// item and the row's widget stay, and only that row is bound again.
    @Test func changedValueIsReboundInTheSameRow() throws {
        let window = PlainWindow()
        window.setDefaultSize(width: 300, height: 400)
        var rows: [String: Label] = [:]
        var bindings = 0
        let list = ListView<Stop, Label>(accessibleLabel: "Stops", makeRow: { Label() }) { row, stop in
            row.text = "\(stop.id): \(stop.arrivals)"
            rows[stop.id] = row
            bindings += 1
        }
        func items() -> [UnsafeMutableRawPointer?] {
            (0..<list.store.count).map { index in
                let item = g_list_model_get_item(OpaquePointer(list.store.pointer), guint(index))
                if let item { g_object_unref(item) }
                return item
            }
        }
        list.store.update(to: [Stop(id: "OE", arrivals: "73 in 2 min"), Stop(id: "Y", arrivals: "26 in 5 min")])
        window.setChild(ScrolledWindow(list))
        window.present()
        for _ in 0..<20 { MainLoop.iteratePending() }
        let itemsBefore = items()
        let oxford = try #require(rows["OE"])
        let boundBefore = bindings

        list.store.update(to: [Stop(id: "OE", arrivals: "73 in 1 min"), Stop(id: "Y", arrivals: "26 in 5 min")])
        for _ in 0..<20 { MainLoop.iteratePending() }
        #expect(items() == itemsBefore, "the same items")
        #expect(rows["OE"] === oxford, "the same row widget")
        #expect(oxford.text == "OE: 73 in 1 min")
        #expect(bindings == boundBefore + 1, "only the changed row is bound again")
        #expect(list.store.values.map(\.arrivals) == ["73 in 1 min", "26 in 5 min"])

        list.store.update(to: [Stop(id: "Y", arrivals: "26 in 4 min"), Stop(id: "OE", arrivals: "73 in 1 min")])
        #expect(list.store.values == [Stop(id: "Y", arrivals: "26 in 4 min"), Stop(id: "OE", arrivals: "73 in 1 min")],
                "a move still lands where it should")
        window.destroy()
        MainLoop.iteratePending()
    }
}

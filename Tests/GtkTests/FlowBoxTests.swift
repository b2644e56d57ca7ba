import CGtk
import Testing
@testable import Gtk

/// The flow box as the favourites rows use it: a layout that wraps, and nothing more.
@MainActor
struct FlowBoxTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    /// Eight children that fit on one line when wide go on to more lines when narrow, rather than
    /// asking for more width than they are given.
    @Test func childrenWrapOntoMoreLinesWhenNarrow() {
        let flow = FlowBox(columnSpacing: 8, rowSpacing: 4)
        for index in 0..<8 { flow.append(Label("Route \(index) · 12 min")) }
        func height(forWidth width: Int32) -> Int32 {
            var minimum: Int32 = 0
            gtk_widget_measure(flow.widget, GTK_ORIENTATION_VERTICAL, width, &minimum, nil, nil, nil)
            return minimum
        }
        var minimumWidth: Int32 = 0
        gtk_widget_measure(flow.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, nil, nil, nil)
        let oneLine = height(forWidth: 4000)
        #expect(oneLine > 0)
        #expect(height(forWidth: minimumWidth) >= oneLine * 8, "one child a line when as narrow as it goes")
        #expect(height(forWidth: minimumWidth * 4 + 8 * 3) <= oneLine * 2 + 4, "four a line in four children's width")
        #expect(minimumWidth < 200, "one child's width is all it asks for at least, not the line's")
    }

    /// It only arranges: nothing is selectable, neither it nor its children take the keyboard
    /// focus, and the pointer goes through it to the widget under it.
    @Test func itTakesNoFocusSelectionOrPointer() {
        let flow = FlowBox(columnSpacing: 8, rowSpacing: 4)
        flow.passPointerThrough()
        let label = Label("73 · 2 min")
        flow.append(label)
        #expect(flow.count == 1)
        #expect(gtk_flow_box_get_selection_mode(OpaquePointer(flow.pointer)) == GTK_SELECTION_NONE)
        #expect(gtk_widget_get_can_target(flow.widget) == 0)
        #expect(gtk_widget_get_focusable(flow.widget) == 0)
        let item = try? #require(gtk_widget_get_parent(label.widget))
        #expect(item.map { gtk_widget_get_focusable($0) } == 0)
    }

    /// Children it lets go of are released, and their closures with them: the live-closure count
    /// goes back to where it was.
    @Test func removedChildrenAreReleasedWithTheirClosures() {
        let before = UserDataBoxes.liveCount
        let flow = FlowBox(columnSpacing: 8, rowSpacing: 4)
        do {
            for name in ["Due", "3 min", "6 min"] {
                let button = Button(label: name)
                button.onClicked {}
                flow.append(button)
            }
        }
        #expect(flow.count == 3)
        #expect(UserDataBoxes.liveCount == before + 3)
        flow.removeAll()
        #expect(flow.count == 0)
        #expect(UserDataBoxes.liveCount == before)
    }

    /// Taking some out, or putting one in among them, leaves the others where they were, in their
    /// own cells.
    @Test func insertingAndRemovingKeepsTheOthersInTheirCells() {
        let flow = FlowBox(columnSpacing: 8, rowSpacing: 4)
        let labels = ["73", "390", "55", "98", "+2 more routes"].map { Label($0) }
        labels.forEach(flow.append)
        let cells = labels.map { gtk_widget_get_parent($0.widget) }
        flow.remove(labels[3])
        flow.remove(labels[2])
        #expect(flow.count == 3)
        #expect([labels[0], labels[1], labels[4]].map { gtk_widget_get_parent($0.widget) } == [cells[0], cells[1], cells[4]])
        #expect(labels[2...3].allSatisfy { gtk_widget_get_parent($0.widget) == nil })
        let new = Label("12")
        flow.insert(new, at: 2)
        #expect(flow.count == 4)
        #expect(gtk_widget_get_parent(labels[4].widget) == cells[4], "the label after it stays in its cell")
        var order: [String] = []
        var cell = gtk_widget_get_first_child(flow.widget)
        while let current = cell {
            order.append(String(cString: gtk_label_get_text(OpaquePointer(gtk_flow_box_child_get_child(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GtkFlowBoxChild.self))))))
            cell = gtk_widget_get_next_sibling(current)
        }
        #expect(order == ["73", "390", "12", "+2 more routes"])
        flow.remove(new)
        flow.remove(new)
        #expect(flow.count == 3)
    }
}

import CGtk
import Testing
@testable import Gtk

/// What lets a window be narrow: rows that wrap, and text that gives way with an ellipsis while
/// keeping the whole of itself in a tooltip.
@Suite(.serialized)
@MainActor
struct NarrowLayoutTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    /// The (minimum, natural) width `widget` asks for.
    private func widths(_ widget: Widget) -> (minimum: Int, natural: Int) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(widget.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return (Int(minimum), Int(natural))
    }

    /// The minimum height `widget` needs at `width`.
    private func height(_ widget: Widget, forWidth width: Int) -> Int {
        var minimum: Int32 = 0
        gtk_widget_measure(widget.widget, GTK_ORIENTATION_VERTICAL, Int32(width), &minimum, nil, nil, nil)
        return Int(minimum)
    }

    private func block(width: Int) -> Widget {
        let block = Box(.horizontal)
        block.setSizeRequest(width: width, height: 20)
        return block
    }

    /// A flow box needs only its widest child's width (and its cell's padding), and has all of
    /// them in one row when given the width of them all.
    @Test func aFlowBoxNeedsOnlyItsWidestChildsWidth() {
        let flow = FlowBox(columnSpacing: 10, rowSpacing: 0, [block(width: 100), block(width: 140), block(width: 100)])
        let window = PlainWindow()
        window.setChild(flow)
        window.present()
        MainLoop.iteratePending()
        #expect((140...150).contains(widths(flow).minimum))
        #expect(height(flow, forWidth: 420) < 40, "one row when all fit")
        #expect(height(flow, forWidth: 150) >= 60, "a row each when only one fits")
        #expect(flow.count == 3)
        window.destroy()
        MainLoop.iteratePending()
    }

    /// A wrapping label asks the same width whatever height it is offered, so a row holding one
    /// is measured without GTK 4.8's search over a dozen layouts a height, and still wraps to the
    /// width it is given. GTK's own answer for a one-line height would be the whole line's width.
    @Test func aWrappingLabelsWidthDoesNotDependOnItsHeight() {
        let label = Label("One-way coach departures between two cities, and the next buses at your stops")
        label.wraps = true
        let row = Box(.horizontal, spacing: 6, [block(width: 16), label])
        let (minimum, natural) = widths(label)
        var forOneLine: (minimum: Int32, natural: Int32) = (0, 0)
        gtk_widget_measure(label.widget, GTK_ORIENTATION_HORIZONTAL, Int32(height(label, forWidth: natural)),
                           &forOneLine.minimum, &forOneLine.natural, nil, nil)
        #expect(Int(forOneLine.minimum) == minimum && Int(forOneLine.natural) == natural)
        #expect(minimum < natural / 3, "its minimum is a word's width, not the line's")
        #expect(height(row, forWidth: 22 + natural / 3) > 2 * height(row, forWidth: 22 + natural), "it wraps to the width given")
        // Allocated a third of its line, it lays its text out in lines of that width.
        var third = GtkAllocation(x: 0, y: 0, width: Int32(natural / 3), height: Int32(height(label, forWidth: natural / 3)))
        gtk_widget_size_allocate(label.widget, &third, -1)
        #expect(pango_layout_get_line_count(gtk_label_get_layout(OpaquePointer(label.pointer))) >= 3)
        let layout = gtk_widget_get_layout_manager(label.widget)
        label.wraps = true
        #expect(gtk_widget_get_layout_manager(label.widget) == layout, "asked again, it keeps its layout")
        label.wraps = false
        #expect(gtk_widget_get_layout_manager(label.widget) == nil)
        #expect(widths(label).minimum == natural, "unwrapped, it needs the whole line")
        label.wraps = true
        #expect(gtk_widget_get_layout_manager(label.widget) != nil)
        #expect(widths(label) == (minimum, natural), "wrapping again, it measures as before")
    }

    /// A flow box's cells take no focus and no selection: Tab goes to the control inside.
    @Test func aFlowBoxsCellsLeaveTheFocusToTheirControls() {
        let button = Button(label: "Swap")
        let flow = FlowBox([button])
        let cell = gtk_widget_get_parent(button.widget)!
        #expect(gtk_widget_get_focusable(cell) == 0)
        #expect(gtk_flow_box_get_selection_mode(OpaquePointer(flow.pointer)) == GTK_SELECTION_NONE)
        #expect(gtk_accessible_get_accessible_role(OpaquePointer(flow.pointer)) == GTK_ACCESSIBLE_ROLE_GROUP)
        #expect(gtk_accessible_get_accessible_role(OpaquePointer(cell)) == GTK_ACCESSIBLE_ROLE_GROUP)
    }

    /// A control's handlers inside a flow box are released with the window holding it.
    @Test func handlersInAFlowBoxAreReleasedWithTheWindow() {
        MainLoop.iteratePending()
        let before = UserDataBoxes.liveCount
        do {
            let window = PlainWindow()
            let button = Button(label: "Search")
            button.onClicked {}
            let dropDown = DropDown(items: ["USD", "CAD"], accessibleLabel: "Currency")
            dropDown.onSelected { _ in }
            window.setChild(FlowBox([button, dropDown]))
            window.present()
            for _ in 0..<5 { MainLoop.iteratePending() }
            #expect(UserDataBoxes.liveCount == before + 2)
            window.destroy()
        }
        MainLoop.iteratePending()
        #expect(UserDataBoxes.liveCount == before)
    }

    /// A label keeping its whole text in the tooltip asks for far less width than its text; cut,
    /// its tooltip is the whole text, following a change of text; uncut, it shows none.
    @Test func aLabelCutWithAnEllipsisKeepsItsWholeTextInTheTooltip() {
        let whole = "Federation Square & Swanston St / Flinders Street Station, Melbourne CBD"
        let label = Label(whole)
        let uncut = widths(label).minimum
        label.keepsWholeTextInTooltip = true
        #expect(widths(label).minimum < uncut / 4)
        #expect(gtk_widget_get_has_tooltip(label.widget) != 0)
        func laidOut(width: Int) -> String? {
            var area = GtkAllocation(x: 0, y: 0, width: Int32(width), height: 30)
            gtk_widget_size_allocate(label.widget, &area, -1)
            return label.tooltipWhileCut
        }
        #expect(laidOut(width: uncut / 4) == whole)
        #expect(laidOut(width: uncut + 10) == nil)
        label.text = "Flinders Street Station, Melbourne CBD, Victoria, Australia"
        #expect(laidOut(width: 60) == label.text)
        label.keepsWholeTextInTooltip = false
        #expect(laidOut(width: 60) == nil)
        #expect(gtk_widget_get_has_tooltip(label.widget) == 0)
    }

    /// An inscription cut to fit asks for the width of its characters whatever its text; cut, its
    /// tooltip is the whole text, following a change of text; uncut, it shows none.
    @Test func anInscriptionCutToFitKeepsItsWholeTextInTheTooltip() {
        let whole = "Federation Square & Swanston St / Flinders Street Station, Melbourne CBD"
        let inscription = Inscription(cutToFit: 40)
        let empty = widths(inscription)
        inscription.text = whole
        #expect(widths(inscription).minimum == empty.minimum && widths(inscription).natural == empty.natural,
                "its size does not follow its text")
        #expect(gtk_widget_get_has_tooltip(inscription.widget) != 0)
        func laidOut(width: Int) -> String? {
            var area = GtkAllocation(x: 0, y: 0, width: Int32(width), height: 30)
            gtk_widget_size_allocate(inscription.widget, &area, -1)
            return inscription.tooltipWhileCut
        }
        #expect(laidOut(width: empty.natural / 4) == whole)
        #expect(laidOut(width: 2_000) == nil)
        inscription.text = "Flinders Street Station, Melbourne CBD, Victoria, Australia"
        #expect(laidOut(width: 60) == inscription.text)
        inscription.text = ""
        #expect(laidOut(width: 60) == nil)
        #expect(Inscription(fitting: ["Next refresh in 999 s"]).tooltipWhileCut == nil, "only text cut to fit has one")
    }

    /// An inscription sized to its text asks for at least the width a label needs for the same
    /// text, for the texts a departure row shows (times in either clock, durations, seats, in
    /// English and French), so none is cut; its width follows the number of characters alone.
    @Test func anInscriptionSizedToItsTextShowsItWhole() {
        let inscription = Inscription(sizedToText: 1)
        let label = Label()
        for text in ["07:00 → 15:05", "11:59 PM → 12:05 AM +1", "23:30 → 07:45 +1", "8 h 05 min", "23 h 59 min",
                     "1 seat left", "12 seats left", "12 places restantes", "1 place restante"] {
            inscription.text = text
            label.text = text
            #expect(widths(inscription).natural >= widths(label).natural, "\(text)")
            #expect(widths(inscription).minimum == widths(inscription).natural, "\(text): never cut to fit")
            var area = GtkAllocation(x: 0, y: 0, width: Int32(widths(inscription).natural), height: 30)
            gtk_widget_size_allocate(inscription.widget, &area, -1)
            #expect(inscription.tooltipWhileCut == nil, "\(text)")
        }
        // Capitals are wider than the average: such a text may be cut, and is kept whole as the tooltip.
        inscription.text = "WWW MMM WWW"
        var area = GtkAllocation(x: 0, y: 0, width: Int32(widths(inscription).natural), height: 30)
        gtk_widget_size_allocate(inscription.widget, &area, -1)
        #expect(inscription.tooltipWhileCut == "WWW MMM WWW")
        inscription.text = "12:00 → 13:00"
        let before = widths(inscription)
        inscription.text = "14:30 → 19:45"
        #expect(widths(inscription).natural == before.natural, "the same number of characters, the same width")
    }

    /// A drop-down with a long item asks for less width than that item needs once it is chosen.
    @Test func aDropDownsLongChoiceDoesNotSetItsWidth() {
        let long = "Saint-Jean-sur-Richelieu (Terminus d’autobus du centre-ville)"
        let dropDown = DropDown(items: ["Boston", long], accessibleLabel: "From")
        let window = PlainWindow()
        window.setChild(dropDown)
        window.present()
        MainLoop.iteratePending()
        let short = widths(dropDown).natural
        dropDown.selected = 1
        MainLoop.iteratePending()
        #expect(widths(dropDown).minimum < short + 60, "the long choice is cut, not given its width")
        #expect(widths(dropDown).natural > short + 100, "with room, it is shown whole")
        window.destroy()
        MainLoop.iteratePending()
    }
}

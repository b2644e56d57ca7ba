import CGtk
import Testing
@testable import Gtk

/// A `DrawnOnce` shows exactly what its child would, records it again when the child draws
/// again, and not when the window redraws only beside it.
@Suite(.serialized)
@MainActor
struct DrawnOnceTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
        StyleSheet.apply("""
            .drawn-once-test { background-color: rgb(255, 0, 0); color: rgb(0, 0, 255); }
            .drawn-once-test.changed { background-color: rgb(0, 128, 0); }
            """)
    }

    /// A window with a label beside a `DrawnOnce` of a styled label, shown.
    private func shownWindow() -> (window: PlainWindow, beside: Label, inside: Label, drawn: DrawnOnce) {
        let window = PlainWindow()
        let beside = Label("Next refresh in 10 s")
        let inside = Label("Oxford Circus · 73 in 2 min")
        inside.addCSSClass("drawn-once-test")
        let drawn = DrawnOnce(inside)
        window.setChild(Box(.vertical, spacing: 4, [beside, drawn]))
        window.present()
        return (window, beside, inside, drawn)
    }

    @Test func showsWhatItsChildShows() async throws {
        let (window, _, inside, drawn) = shownWindow()
        defer { window.destroy() }
        let recorded = try await pixels(of: drawn.widget) { $0.contains { $0 == (255, 0, 0, 255) } }
        #expect(drawn.width == inside.width && drawn.height == inside.height, "\(drawn.width)×\(drawn.height), its child \(inside.width)×\(inside.height)")
        let direct = pixels(of: inside.widget)
        let same = recorded.count == direct.count && recorded.elementsEqual(direct, by: ==)
        #expect(same, "the recording replays the child's own drawing, pixel for pixel")
        #expect(recorded.contains { $0.2 > 200 && $0.0 < 60 }, "its text is drawn")
    }

    @Test func recordsAgainOnlyWhenItsChildDrawsAgain() async throws {
        let (window, beside, inside, drawn) = shownWindow()
        defer { window.destroy() }
        var painted = 0
        let clock = Object(borrowed: UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window.widget)!))
        _ = clock.on("after-paint") { painted += 1 }
        try await runMainLoop("the first frame is drawn") { DrawnOnce.recordings > 0 && painted > 0 }

        let recordings = DrawnOnce.recordings
        for second in (1...5).reversed() {
            let frames = painted
            beside.text = "Next refresh in \(second) s"
            try await runMainLoop("the window redraws the label beside it") { painted > frames }
        }
        #expect(DrawnOnce.recordings == recordings, "frames that redraw beside it replay the recording")

        inside.addCSSClass("changed")
        try await runMainLoop("its child's change is recorded") { DrawnOnce.recordings > recordings }
        let changed = try await pixels(of: drawn.widget) { $0.contains { $0 == (0, 128, 0, 255) } }
        let green = changed.contains { $0 == (0, 128, 0, 255) }, red = changed.contains { $0 == (255, 0, 0, 255) }
        #expect(green && !red, "the new drawing shows")
    }

    @Test func layoutFocusAndExpandAreItsChilds() async throws {
        let button = Button(label: "Refresh")
        button.vexpand = true
        let drawn = DrawnOnce(button)
        let window = PlainWindow()
        defer { window.destroy() }
        window.setChild(drawn)
        window.present()
        try await runMainLoop("it is laid out") { drawn.width > 0 }
        var bounds = graphene_rect_t()
        #expect(gtk_widget_compute_bounds(button.widget, drawn.widget, &bounds) != 0)
        #expect(bounds.origin.x == 0 && bounds.origin.y == 0, "its child fills it")
        #expect(Int(bounds.size.width) == drawn.width && Int(bounds.size.height) == drawn.height,
                "\(drawn.width)×\(drawn.height), its child \(bounds.size.width)×\(bounds.size.height) with its padding and border")
        #expect(gtk_widget_compute_expand(drawn.widget, GTK_ORIENTATION_VERTICAL) != 0)
        #expect(gtk_widget_compute_expand(drawn.widget, GTK_ORIENTATION_HORIZONTAL) == 0)
        #expect(gtk_widget_grab_focus(drawn.widget) != 0)
        // The window's focus widget, whether or not the window is active yet (`has_focus` also
        // needs the X server to have given the window the focus, which comes when it comes).
        #expect(gtk_widget_is_focus(button.widget) != 0, "focus given to it goes to its child")
    }
}

import CGtk
import Testing
@testable import Gtk

/// A check button relabelled in place, as the Filter popover's operators are when their counts
/// change: the same widget, the new words, its tick kept.
@MainActor
struct CheckButtonTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    @Test func relabellingKeepsTheButtonAndItsTick() {
        let check = CheckButton(label: "Greyhound (2)")
        check.isActive = true
        var toggles = 0
        check.onToggled { _ in toggles += 1 }
        let widget = check.widget
        check.label = "Greyhound (5)"
        #expect(check.label == "Greyhound (5)")
        #expect(check.widget == widget && check.isActive && toggles == 0)
    }
}

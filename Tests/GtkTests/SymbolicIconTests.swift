import CGtk
import Testing
@testable import Gtk

/// An icon button's `SymbolicIcon`: the theme's icon, in the button's text colour, drawn again
/// when that colour changes.
@Suite(.serialized)
@MainActor
struct SymbolicIconTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    @Test func drawsTheThemesIconInTheTextColourAndFollowsItsChanges() async throws {
        StyleSheet.apply(".symbolic-icon-test-red { color: rgb(255, 0, 0); }")
        let window = PlainWindow()
        let button = Button(iconName: "user-trash-symbolic", accessibleLabel: "Remove")
        window.setChild(button)
        window.present()
        let icon = try #require(gtk_button_get_child(button.pointer.assumingMemoryBound(to: GtkButton.self)))
        #expect(gtk_accessible_get_accessible_role(OpaquePointer(icon)) == GTK_ACCESSIBLE_ROLE_PRESENTATION)
        #expect(gtk_widget_has_css_class(button.widget, "image-button") != 0, "styled as GTK styles an icon button")
        let limit = ContinuousClock.now.advanced(by: .seconds(20))
        /// The icon's opaque pixels, once it has some (after the window's first frame).
        func opaque() async throws -> [(Int, Int, Int, Int)] {
            while ContinuousClock.now < limit {
                MainLoop.iteratePending()
                let shown = gtk_widget_get_width(icon) > 0 ? pixels(of: icon).filter { $0.3 > 200 } : []
                if !shown.isEmpty { return shown }
                try await Task.sleep(for: .milliseconds(10))
            }
            return []
        }
        let dark = try await opaque()
        #expect(gtk_widget_get_width(icon) == 16 && gtk_widget_get_height(icon) == 16)
        #expect(dark.count > 20, "the trash can's outline")
        #expect(dark.allSatisfy { $0.0 < 100 && $0.1 < 100 && $0.2 < 100 }, "in the light theme's dark text colour")

        button.addCSSClass("symbolic-icon-test-red")
        var red: [(Int, Int, Int, Int)] = []
        while ContinuousClock.now < limit {
            red = try await opaque()
            if red.contains(where: { $0.0 > 200 }) { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(red.count == dark.count, "the same icon")
        #expect(red.allSatisfy { $0.0 > 200 && $0.1 < 60 && $0.2 < 60 }, "drawn again in the new colour")
        window.destroy()
    }

    /// A toggle's icon changes with its name (the board's star, filled once the stop is a favourite).
    @Test func aToggleDrawsItsNewIconWhenRenamed() async throws {
        let window = PlainWindow()
        let star = ToggleButton(iconName: "non-starred-symbolic", accessibleLabel: "Favourite")
        window.setChild(star)
        window.present()
        let icon = try #require(gtk_button_get_child(star.pointer.assumingMemoryBound(to: GtkButton.self)))
        let limit = ContinuousClock.now.advanced(by: .seconds(20))
        /// How many of the icon's pixels are painted, once it shows any other count than `other` (the
        /// outline is drawn faint, as the theme draws it).
        func opaque(otherThan other: Int) async throws -> Int {
            while ContinuousClock.now < limit {
                MainLoop.iteratePending()
                let count = gtk_widget_get_width(icon) > 0 ? pixels(of: icon).filter { $0.3 > 40 }.count : 0
                if count > 0, count != other { return count }
                try await Task.sleep(for: .milliseconds(10))
            }
            return other
        }
        let outline = try await opaque(otherThan: 0)
        #expect(star.iconName == "non-starred-symbolic")
        star.iconName = "starred-symbolic"
        #expect(star.iconName == "starred-symbolic")
        let filled = try await opaque(otherThan: outline)
        #expect(filled > outline + 20, "the filled star: \(filled) painted pixels against the outline's \(outline)")
        window.destroy()
    }
}

import CGtk
import Foundation
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
        /// The icon's opaque pixels, once `ready` holds for them (after the window's first frame).
        func opaque(when ready: ([(Int, Int, Int, Int)]) -> Bool = { !$0.isEmpty }) async throws -> [(Int, Int, Int, Int)] {
            try await pixels(of: icon) { ready($0.filter { $0.3 > 200 }) }.filter { $0.3 > 200 }
        }
        let dark = try await opaque()
        #expect(gtk_widget_get_width(icon) == 16 && gtk_widget_get_height(icon) == 16)
        #expect(dark.count > 20, "the trash can's outline")
        #expect(dark.allSatisfy { $0.0 < 100 && $0.1 < 100 && $0.2 < 100 }, "in the light theme's dark text colour")

        button.addCSSClass("symbolic-icon-test-red")
        let red = try await opaque { $0.contains { $0.0 > 200 } }
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
        /// How many of the icon's pixels are painted, once it shows any other count than `other` (the
        /// outline is drawn faint, as the theme draws it).
        func opaque(otherThan other: Int) async throws -> Int {
            let painted = { (pixels: [(Int, Int, Int, Int)]) in pixels.filter { $0.3 > 40 }.count }
            return painted(try await pixels(of: icon) { painted($0) > 0 && painted($0) != other })
        }
        let outline = try await opaque(otherThan: 0)
        #expect(star.iconName == "non-starred-symbolic")
        star.iconName = "starred-symbolic"
        #expect(star.iconName == "starred-symbolic")
        let filled = try await opaque(otherThan: outline)
        #expect(filled > outline + 20, "the filled star: \(filled) painted pixels against the outline's \(outline)")
        window.destroy()
    }

    /// The app's symbolic icons drawn as PNGs (`scripts/make-icons.sh`, so that no SVG loads
    /// librsvg) are what the theme finds by their names, at the sizes and scales they are made for,
    /// and are drawn in the text colour like any symbolic icon. GTK 4.8 finds a `.symbolic.png` by
    /// its name up to its first dot, so a name with a dot would fall back to Adwaita's SVG or to
    /// the missing-image icon.
    @Test func theAppsSymbolicPNGsAreFoundByNameAndDrawnInTheTextColour() async throws {
        let hicolor = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TripApp/Icons/hicolor").standardizedFileURL
        StyleSheet.addIconFolder(hicolor.deletingLastPathComponent().path)
        let theme = try #require(gtk_icon_theme_get_for_display(gdk_display_get_default()))
        var names = Set<String>()
        for folder in try FileManager.default.contentsOfDirectory(atPath: hicolor.path) {
            let status = hicolor.appendingPathComponent("\(folder)/status")
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: status.path) else { continue }
            let scale: Int32 = folder.hasSuffix("@2") ? 2 : 1
            let size = try #require(Int32(folder.prefix { $0 != "x" }), "a folder named by its size: \(folder)")
            for file in files where file.hasSuffix(".symbolic.png") {
                let name = String(file.dropLast(".symbolic.png".count))
                names.insert(name)
                let icon = try #require(gtk_icon_theme_lookup_icon(theme, name, nil, size, scale, GTK_TEXT_DIR_LTR,
                                                                   GtkIconLookupFlags(0)))
                defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
                let found = gtk_icon_paintable_get_file(icon).flatMap { g_file_get_path($0) }.map { path in
                    defer { g_free(path) }
                    return String(cString: path)
                }
                #expect(found == status.appendingPathComponent(file).path, "\(name) at \(folder)")
            }
        }
        #expect(names.isSuperset(of: ["tripboard-information-symbolic", "tripboard-warning-symbolic", "tripboard-working-symbolic"]))

        StyleSheet.apply(".bundled-icon-test-red { color: rgb(255, 0, 0); }")
        let window = PlainWindow()
        let image = Image(iconName: "tripboard-warning-symbolic", pixelSize: 128)
        image.addCSSClass("bundled-icon-test-red")
        window.setChild(image)
        window.present()
        let opaque = try await pixels(of: image.widget) { $0.filter { $0.3 > 200 }.count > 1000 }.filter { $0.3 > 200 }
        #expect(opaque.count > 1000, "the warning sign at 128 px")
        #expect(opaque.allSatisfy { $0.0 > 200 && $0.1 < 60 && $0.2 < 60 }, "in the text colour")
        window.destroy()
    }
}

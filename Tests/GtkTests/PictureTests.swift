import CGtk
import Foundation
import Testing
@testable import Gtk

/// A `Picture` whose style rounds its corners, as a deal's thumb: its placeholder is its style's
/// background, and its picture is cut to the same rounded corners when it clips to them.
@Suite(.serialized)
@MainActor
struct PictureTests {
    init() throws {
        try #require(Toolkit.initialize(), "GTK needs a display: run under Xvfb (make test does)")
    }

    /// A PNG of `width` × `height` opaque blue pixels.
    private func bluePNG(width: Int32, height: Int32) -> Data {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(image) }
        let drawing = cairo_create(image)
        cairo_set_source_rgb(drawing, 0, 0, 1)
        cairo_paint(drawing)
        cairo_destroy(drawing)
        var png = Data()
        withUnsafeMutablePointer(to: &png) { sink in
            _ = cairo_surface_write_to_png_stream(image, { closure, bytes, length in
                closure!.assumingMemoryBound(to: Data.self).pointee.append(bytes!, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, sink)
        }
        return png
    }

    /// The picture's pixels, rows of columns, once the window has drawn it and `ready` holds for them.
    private func shown(_ picture: Picture, when ready: ([[(Int, Int, Int, Int)]]) -> Bool) async throws
        -> [[(Int, Int, Int, Int)]] {
        let width = { Int(gtk_widget_get_width(picture.widget)) }
        let rows = { (all: [(Int, Int, Int, Int)]) in stride(from: 0, to: all.count, by: width()).map { Array(all[$0..<$0 + width()]) } }
        return rows(try await pixels(of: picture.widget) { ready(rows($0)) })
    }

    @Test func aPictureClippedToItsRoundedCornersLeavesThemClear() async throws {
        StyleSheet.apply(".picture-test-rounded { border-radius: 12px; background-color: rgb(255, 0, 0); }")
        for clips in [true, false] {
            let window = PlainWindow()
            let picture = Picture()
            picture.addCSSClass("picture-test-rounded")
            picture.clipsToRoundedCorners = clips
            #expect(picture.clipsToRoundedCorners == clips)
            picture.setSizeRequest(width: 60, height: 40)
            picture.halign = .start
            picture.valign = .start
            window.setChild(picture)
            window.present()

            let placeholder = try await shown(picture) { $0.count == 40 && $0[20][30].3 == 255 }
            #expect(placeholder.count == 40 && placeholder[0].count == 60)
            #expect(placeholder[20][30] == (255, 0, 0, 255), "the style's ground where there is no picture yet")
            #expect(placeholder[0][0].3 == 0, "the ground has rounded corners")

            #expect(picture.setImage(bluePNG(width: 120, height: 80), covering: (60, 40)))
            let shownImage = try await shown(picture) { $0.count == 40 && $0[20][30].2 == 255 }
            #expect(shownImage[20][30] == (0, 0, 255, 255), "the picture covers the ground")
            #expect(shownImage[20][0] == (0, 0, 255, 255) && shownImage[0][30] == (0, 0, 255, 255), "to its edges")
            if clips {
                #expect(shownImage[0][0].3 == 0 && shownImage[39][59].3 == 0, "cut to the rounded corners")
            } else {
                #expect(shownImage[0][0] == (0, 0, 255, 255), "square over the rounded ground")
            }
            window.destroy()
        }
    }
}

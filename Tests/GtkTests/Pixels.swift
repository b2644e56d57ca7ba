import CGtk
@testable import Gtk

/// The pixels `widget` shows now, as GTK would paint them: (red, green, blue, alpha), 0–255,
/// premultiplied, row by row.
@MainActor
func pixels(of widget: UnsafeMutablePointer<GtkWidget>) -> [(Int, Int, Int, Int)] {
    let (width, height) = (Int(gtk_widget_get_width(widget)), Int(gtk_widget_get_height(widget)))
    let paintable = gtk_widget_paintable_new(widget)
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    let image = drawnImage(of: snapshot, width: width, height: height)
    defer { cairo_surface_destroy(image) }
    let stride = Int(cairo_image_surface_get_stride(image))
    let data = cairo_image_surface_get_data(image)!
    return (0..<height).flatMap { y in
        (0..<width).map { x in
            let pixel = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
            return (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF), Int(pixel >> 24))
        }
    }
}

/// The pixels `widget` shows once it is laid out and `ready` holds for them, the main loop running
/// meanwhile; after 20 s without, the last it showed, for the test's expectations to say what is wrong.
@MainActor
func pixels(of widget: UnsafeMutablePointer<GtkWidget>, when ready: ([(Int, Int, Int, Int)]) -> Bool) async throws
    -> [(Int, Int, Int, Int)] {
    let limit = ContinuousClock.now.advanced(by: .seconds(20))
    var shown: [(Int, Int, Int, Int)] = []
    while ContinuousClock.now < limit {
        MainLoop.iteratePending()
        if gtk_widget_get_width(widget) > 0 {
            shown = pixels(of: widget)
            if ready(shown) { return shown }
        }
        try await Task.sleep(for: .milliseconds(10))
    }
    return shown
}

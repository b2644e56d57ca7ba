import CGtk

/// A `GtkOverlay`: one widget drawn over another of the same size.
public final class Overlay: Widget {
    public init(base: Widget, over: Widget) {
        super.init(floating: UnsafeMutableRawPointer(gtk_overlay_new()))
        gtk_overlay_set_child(OpaquePointer(pointer), base.widget)
        gtk_overlay_add_overlay(OpaquePointer(pointer), over.widget)
    }
}

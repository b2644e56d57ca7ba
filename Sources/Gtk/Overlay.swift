import CGtk

/// A `GtkOverlay`: one widget drawn over another of the same size.
public final class Overlay: Widget {
    public init(base: Widget, over: Widget) {
        super.init(floating: UnsafeMutableRawPointer(gtk_overlay_new()))
        gtk_overlay_set_child(OpaquePointer(pointer), base.widget)
        gtk_overlay_add_overlay(OpaquePointer(pointer), over.widget)
    }

    /// Another widget over the base, above those added before.
    public func addOverlay(_ widget: Widget) {
        gtk_overlay_add_overlay(OpaquePointer(pointer), widget.widget)
    }
}

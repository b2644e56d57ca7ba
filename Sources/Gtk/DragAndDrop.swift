import CGtk

private let dropThunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
    _, value, _, _, data in
    guard let value, let text = g_value_get_string(value) else { return 0 }
    HandlerBox<String>.call(data, String(cString: text))
    return 1
}

/// A `GtkDragSource` on a widget: the person can drag it, carrying a line of text.
public final class DragSource: Object {
    /// Adds a drag source to `widget`, which keeps it for its lifetime.
    public init(on widget: Widget) {
        let source = gtk_drag_source_new()!
        super.init(owned: UnsafeMutableRawPointer(source))
        gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
        // The widget takes the reference it is given; this wrapper keeps its own.
        g_object_ref(pointer)
        gtk_widget_add_controller(widget.widget, source)
    }

    /// What a drag from here carries; nil means nothing can be dragged.
    public var text: String? {
        didSet {
            // A new content provider for each row bound is work for nothing when the row is the same.
            guard text != oldValue else { return }
            guard let text else { return gtk_drag_source_set_content(OpaquePointer(pointer), nil) }
            let bytes = Array(text.utf8)
            let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            let provider = gdk_content_provider_new_for_bytes("text/plain;charset=utf-8", data)
            gtk_drag_source_set_content(OpaquePointer(pointer), provider)
            g_object_unref(provider)
            g_bytes_unref(data)
        }
    }
}

extension Widget {
    /// Accepts text dropped on this widget (a move), handing it to `handler`.
    public func onDropText(_ handler: @escaping @MainActor (String) -> Void) {
        let target = Object(owned: UnsafeMutableRawPointer(gtk_drop_target_new(tripgtk_type_string(), GDK_ACTION_MOVE)!))
        target.connect("drop", thunk: unsafeBitCast(dropThunk, to: GCallback.self), handler)
        // The widget takes the reference it is given; the wrapper's own goes with it.
        gtk_widget_add_controller(widget, OpaquePointer(g_object_ref(target.pointer)))
    }
}

import CGtk

/// Holds one widget and shows it as a recording of its drawing, made again only when something in
/// it changes: a frame that redraws elsewhere in the window replays just the recorded operations
/// that fall in the area it redraws.
///
/// GTK 4.8's cairo renderer draws every node of the window on every frame, each clipped to the
/// area redrawn, however small: a list of a few rows is some 250 nodes drawn once a second beside
/// a countdown that alone changed. A recording (a `GskCairoNode` over a cairo recording surface)
/// is one node, and cairo replays only the operations that meet the frame's area (it keeps them in
/// a tree by their extents). The child is recorded again when it draws again (a row changed, the
/// pointer over a button, a scroll), and that frame redraws the whole of it. The child's widgets are
/// untouched: its layout, input, focus and accessibility are as they would be without.
public final class DrawnOnce: Widget {
    public init(_ child: Widget) {
        super.init(floating: UnsafeMutableRawPointer(g_object_new_with_properties(drawnOnceType, 0, nil, nil)!))
        gtk_widget_set_parent(child.widget, widget)
    }

    /// How many times any `DrawnOnce` has recorded its child, for tests to see when it does.
    nonisolated(unsafe) static var recordings = 0
}

/// The GObject class of `DrawnOnce`: a widget laid out as its one child (`GtkBinLayout`), expanding
/// as it does, passing focus to it, a group as a box is, drawing it through a recording;
/// registered once per process.
private let drawnOnceType: GType = {
    var info = GTypeInfo()
    info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
    info.instance_size = guint16(MemoryLayout<GtkWidget>.size)
    info.class_init = { klass, _ in
        let widgetClass = klass!.assumingMemoryBound(to: GtkWidgetClass.self)
        drawnOnceParent = g_type_class_peek_parent(klass).assumingMemoryBound(to: GObjectClass.self)
        klass!.assumingMemoryBound(to: GObjectClass.self).pointee.dispose = { object in
            let widget = UnsafeMutableRawPointer(object!).assumingMemoryBound(to: GtkWidget.self)
            while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
            drawnOnceParent?.pointee.dispose?(object)
        }
        widgetClass.pointee.snapshot = { widget, snapshot in
            guard let widget, let snapshot, let child = gtk_widget_get_first_child(widget) else { return }
            let drawing = gtk_snapshot_new()
            gtk_widget_snapshot_child(widget, child, drawing)
            guard let node = gtk_snapshot_free_to_node(drawing) else { return }
            defer { gsk_render_node_unref(node) }
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(node, &bounds)
            guard let recording = gsk_cairo_node_new(&bounds) else { return }
            defer { gsk_render_node_unref(recording) }
            let cairo = gsk_cairo_node_get_draw_context(recording)
            gsk_render_node_draw(node, cairo)
            cairo_destroy(cairo)
            DrawnOnce.recordings += 1
            gtk_snapshot_append_node(snapshot, recording)
        }
        widgetClass.pointee.compute_expand = { widget, horizontal, vertical in
            guard let child = gtk_widget_get_first_child(widget) else { return }
            horizontal?.pointee = gtk_widget_compute_expand(child, GTK_ORIENTATION_HORIZONTAL)
            vertical?.pointee = gtk_widget_compute_expand(child, GTK_ORIENTATION_VERTICAL)
        }
        widgetClass.pointee.grab_focus = { widget in
            guard let child = gtk_widget_get_first_child(widget) else { return 0 }
            return gtk_widget_grab_focus(child)
        }
        gtk_widget_class_set_layout_manager_type(widgetClass, gtk_bin_layout_get_type())
        // A box's role (a panel to assistive technologies), as it takes the place of one.
        gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_GROUP)
    }
    return g_type_register_static(gtk_widget_get_type(), "TripboardDrawnOnce", &info, GTypeFlags(0))
}()

/// `GtkWidget`'s class, whose `dispose` `DrawnOnce`'s calls on; set once, when the class is made.
nonisolated(unsafe) private var drawnOnceParent: UnsafeMutablePointer<GObjectClass>?

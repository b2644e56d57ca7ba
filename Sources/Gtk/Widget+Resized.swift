import CGtk

extension Widget {
    /// Calls `resized` when a frame lays the widget out at a size other than the last it told of
    /// (the first included), in that frame's layout phase, after GTK's own layout; a change
    /// `resized` makes that needs laying out is laid out in the same frame. It listens to the
    /// frames the window makes anyway and asks for none, so a still window stays asleep. Called
    /// before or after the widget is realized alike.
    public func onResized(_ resized: @escaping @MainActor (_ width: Int, _ height: Int) -> Void) {
        let watch = SizeWatch()
        // The raw pointer, not the wrapper: the wrapper would keep its widget, and so these handlers, alive.
        let pointer = widget
        func listen() {
            guard watch.handler == nil, let clock = gtk_widget_get_frame_clock(pointer) else { return }
            watch.handler = Object(borrowed: UnsafeMutableRawPointer(clock)).on("layout", afterOthers: true) {
                let size = (Int(gtk_widget_get_width(pointer)), Int(gtk_widget_get_height(pointer)))
                guard watch.size.map({ $0 != size }) ?? true else { return }
                watch.size = size
                resized(size.0, size.1)
            }
        }
        on("realize") { listen() }
        on("unrealize") {
            // The clock is still the widget's here: the handler goes with the realization.
            if let handler = watch.handler, let clock = gtk_widget_get_frame_clock(pointer) {
                g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), gulong(handler))
            }
            watch.handler = nil
            watch.size = nil
        }
        if gtk_widget_get_realized(pointer) != 0 { listen() }
    }
}

/// The frame clock handler of `onResized` and the size it last told of.
@MainActor
private final class SizeWatch {
    var handler: UInt?
    var size: (Int, Int)?
}

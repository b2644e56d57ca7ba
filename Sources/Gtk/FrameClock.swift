import CGtk

/// One frame as a `GdkFrameClock` reports it, in milliseconds.
public struct FrameTiming: Sendable {
    /// How long the frame took to make, from its "before-paint" phase (animations and tick
    /// callbacks) to its "after-paint" (laid out and drawn): the CPU time the frame cost.
    public let work: Double
    /// The time between this frame's start and the previous one's on the clock
    /// (`gdk_frame_clock_get_frame_time`); nil for the first frame measured.
    public let interval: Double?
}

/// What a widget's `GdkFrameClock` reports of each frame (`FrameTiming`).
/// For measuring; the app uses it only when asked to (`TRIPBOARD_FRAME_LOG`).
@MainActor
public final class FrameMeter {
    private var started = 0
    private var lastFrameTime: Int?
    private let onFrame: (FrameTiming) -> Void

    /// Calls `onFrame` with each frame's timing once `widget` is realized.
    public init(widget: Widget, onFrame: @escaping @MainActor (FrameTiming) -> Void) {
        self.onFrame = onFrame
        widget.withFrameClock { [weak self] clockObject in
            let clock = OpaquePointer(clockObject.pointer)
            clockObject.on("before-paint") { [weak self] in self?.started = g_get_monotonic_time() }
            clockObject.on("after-paint") { [weak self] in
                guard let self, started != 0 else { return }
                let frameTime = gdk_frame_clock_get_frame_time(clock)
                let interval = lastFrameTime.map { Double(frameTime - $0) / 1000 }
                self.onFrame(FrameTiming(work: Double(g_get_monotonic_time() - started) / 1000, interval: interval))
                started = 0
                lastFrameTime = frameTime
            }
        }
    }
}

extension Widget {
    /// Calls `body` with the frame clock of the widget's window: now when the widget is realized,
    /// else once it is (a widget has no frame clock before).
    public func withFrameClock(_ body: @escaping @MainActor (Object) -> Void) {
        if gtk_widget_get_realized(widget) != 0, let clock = gtk_widget_get_frame_clock(widget) {
            return body(Object(borrowed: UnsafeMutableRawPointer(clock)))
        }
        // The raw pointer, not the wrapper: the wrapper would keep its widget, and so this handler, alive.
        on("realize") { [pointer = widget] in
            guard let clock = gtk_widget_get_frame_clock(pointer) else { return }
            body(Object(borrowed: UnsafeMutableRawPointer(clock)))
        }
    }
}

/// A tick callback's closure, run only on the main thread, where GTK calls it.
private typealias TickBox = UserDataBox<@MainActor () -> Bool>

private let tickThunk: GtkTickCallback = { _, _, data in
    let box = TickBox.unbox(data)
    return MainActor.assumeIsolated { box.value() } ? 1 : 0
}

extension Widget {
    /// Calls `tick` once before every frame while it returns true; the frame clock keeps
    /// painting until then, so it drives an animation.
    public func addTickCallback(_ tick: @escaping @MainActor () -> Bool) {
        gtk_widget_add_tick_callback(widget, tickThunk, TickBox.retained(tick), releaseUserData)
    }
}

extension ScrolledWindow {
    private var vertical: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(OpaquePointer(pointer))! }

    /// How far down the content is scrolled, in pixels.
    public var verticalPosition: Double {
        get { gtk_adjustment_get_value(vertical) }
        set { gtk_adjustment_set_value(vertical, newValue) }
    }

    /// The furthest `verticalPosition` can go, and the height of what shows at once.
    public var verticalExtent: (end: Double, page: Double) {
        let page = gtk_adjustment_get_page_size(vertical)
        return (max(0, gtk_adjustment_get_upper(vertical) - page), page)
    }
}

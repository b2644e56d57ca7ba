import CGtk
internal import CGdkX11

/// Gives back the shared memory a window's frames went through on X11, once it stops drawing.
///
/// With the cairo renderer on X11, each frame's pixels reach the X server through an image in
/// memory shared with it, from pools cairo keeps (cairo 1.16: a pool is eight times the image it
/// was made for, and every page a frame touched stays resident until the pool goes). cairo gives
/// a pool back when the last image in it is released after the server has read it; an image
/// released while the server may still be reading waits in a queue, which cairo empties only as
/// it makes its next image. A window that redraws a large area and then rests (Deals as its
/// pictures arrive: 950 × 695 px) keeps 2–2.5 MiB it will not use again, where an empty window's
/// single first frame was given back.
///
/// Once the window has drawn no frame for `idleTime`, this waits for the server to have read
/// everything (`gdk_display_sync`), then makes a one-row image and releases it: making it frees the
/// queued images, and releasing it, with nothing left in flight, gives every empty pool back. The
/// next frame makes a pool again, as small as that frame. A window that goes on drawing (a
/// countdown each second) is never interrupted, and an idle one is woken once, after its last frame.
@MainActor
public final class DrawingMemory {
    /// How long the window must go without a frame before its pools are given back.
    public static let idleTime: Duration = .seconds(2)
    /// How many times the pools were given back; for tests.
    public private(set) static var givenBack = 0

    /// A main-loop source that dispatches once its ready time passes: set `idleTime` ahead at each
    /// frame, so it fires only after the last one. Moving a ready time wakes nothing.
    private let source: UnsafeMutablePointer<GSource>
    private let delay: gint64

    /// Gives `window`'s drawing memory back each time it has rested `idleTime` after drawing;
    /// from when it is realized, for as long as this lives. Only on X11: elsewhere it does nothing.
    public init(window: Widget, idleTime: Duration = DrawingMemory.idleTime) {
        source = g_source_new(sourceFunctions, guint(MemoryLayout<GSource>.size))
        g_source_set_priority(source, G_PRIORITY_LOW)
        g_source_attach(source, nil)
        delay = gint64(idleTime.components.seconds * 1_000_000 + idleTime.components.attoseconds / 1_000_000_000_000)
        guard let display = gtk_widget_get_display(window.widget), tripgdk_is_x11_display(display) != 0 else { return }
        window.withFrameClock { [weak self] clock in
            clock.on("after-paint") { [weak self] in self?.drew() }
        }
    }

    /// A frame was drawn: the pools go back `delay` after it, unless another frame comes first.
    private func drew() {
        g_source_set_ready_time(source, g_get_monotonic_time() + delay)
    }

    isolated deinit {
        g_source_destroy(source)
        g_source_unref(source)
    }

    /// Frees every pool of cairo's that no image is using now: what `init` does when the window rests.
    public static func giveBack() {
        guard let display = gdk_display_get_default(), tripgdk_is_x11_display(display) != 0,
              let xDisplay = gdk_x11_display_get_xdisplay(display) else { return }
        gdk_display_sync(display)
        let root = cairo_xlib_surface_create(xDisplay, XDefaultRootWindow(xDisplay),
                                             XDefaultVisual(xDisplay, XDefaultScreen(xDisplay)), 1, 1)
        // 32 × 1 pixels, 128 bytes: the smallest image cairo makes in shared memory, and too small
        // to need a pixmap on the server, so its release asks nothing of it.
        let image = cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, 32, 1)
        cairo_surface_destroy(image)
        cairo_surface_destroy(root)
        givenBack += 1
    }
}

/// The source's one function: run when its ready time passes, it puts that time off for good
/// (the next frame sets it again) and gives the pools back.
nonisolated(unsafe) private let sourceFunctions: UnsafeMutablePointer<GSourceFuncs> = {
    let functions = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
    functions.initialize(to: GSourceFuncs(prepare: nil, check: nil, dispatch: { source, _, _ in
        g_source_set_ready_time(source, -1)
        MainActor.assumeIsolated { DrawingMemory.giveBack() }
        return 1 // G_SOURCE_CONTINUE
    }, finalize: nil, closure_callback: nil, closure_marshal: nil))
    return functions
}()

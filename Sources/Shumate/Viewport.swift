import CGtk
import CShumate
import Gtk

/// A map's `ShumateViewport`: where it is centred and how far it is zoomed. The map owns it;
/// this wrapper holds a reference of its own while it lives.
public final class Viewport: Object {
    var viewport: OpaquePointer { OpaquePointer(pointer) }

    init(of map: OpaquePointer) {
        super.init(borrowed: UnsafeMutableRawPointer(shumate_map_get_viewport(map)!))
    }

    /// Degrees north of the centre, within ±85.0511 (the Web Mercator limit).
    public var latitude: Double { shumate_location_get_latitude(viewport) }

    /// Degrees east of the centre, within ±180.
    public var longitude: Double { shumate_location_get_longitude(viewport) }

    /// The zoom level, fractional while a zoom animation or a pinch is under way; setting it
    /// clamps it to `zoomRange`.
    public var zoomLevel: Double {
        get { shumate_viewport_get_zoom_level(viewport) }
        set { shumate_viewport_set_zoom_level(viewport, newValue) }
    }

    /// The zoom levels allowed. Setting a reference source replaces them with the source's own.
    public var zoomRange: ClosedRange<Int> {
        get {
            Int(shumate_viewport_get_min_zoom_level(viewport))...Int(shumate_viewport_get_max_zoom_level(viewport))
        }
        set {
            shumate_viewport_set_min_zoom_level(viewport, guint(newValue.lowerBound))
            shumate_viewport_set_max_zoom_level(viewport, guint(newValue.upperBound))
        }
    }

    /// Calls `handler` whenever the centre or the zoom level changes: during a drag or an
    /// animation that is every frame, and twice for one move (latitude, then longitude), so a
    /// caller that loads data should wait for a pause. The viewport has no "changed" signal of
    /// its own. The handlers live as long as the viewport, that is as long as the map and this
    /// wrapper, so capture their owner weakly; `disconnect` releases them sooner.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> ViewportHandlers {
        ViewportHandlers(ids: ["notify::latitude", "notify::longitude", "notify::zoom-level"].map { signal in
            on(signal, pointer: { _ in handler() })
        })
    }

    /// Disconnects what `onChanged` connected; GLib releases the handlers.
    public func disconnect(_ handlers: ViewportHandlers) {
        for id in handlers.ids { disconnect(id) }
    }
}

/// The signal handlers one `Viewport.onChanged` connected, for `Viewport.disconnect`.
public struct ViewportHandlers: Sendable, Hashable {
    let ids: [UInt]
}

import CShumate
import Gtk

/// A `ShumateLayer`: something drawn over a map (markers, a path, tiles), made for that map's
/// viewport and placed with `MapView.add` or `MapView.addBase`.
public class Layer: Widget {
    var layer: UnsafeMutablePointer<ShumateLayer> { pointer.assumingMemoryBound(to: ShumateLayer.self) }
}

/// A `ShumateMapLayer`: the tiles of one source, fetched as the view needs them.
final class TileLayer: Layer {
    let source: MapSource

    init(source: MapSource, viewport: Viewport) {
        self.source = source
        super.init(floating: UnsafeMutableRawPointer(shumate_map_layer_new(source.source, viewport.viewport)!))
    }
}

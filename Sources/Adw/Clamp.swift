import CAdw
import CGtk
import Gtk

/// `AdwClamp`: its child at most `maximumSize` wide, centred, and narrower with the window.
public final class Clamp: Widget {
    public init(child: Widget, maximumSize: Int) {
        super.init(floating: UnsafeMutableRawPointer(adw_clamp_new()))
        adw_clamp_set_child(OpaquePointer(pointer), child.widget)
        adw_clamp_set_maximum_size(OpaquePointer(pointer), Int32(maximumSize))
    }
}

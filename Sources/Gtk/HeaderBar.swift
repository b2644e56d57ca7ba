import CGtk

/// A `GtkHeaderBar`: the window's title bar, with a title widget and widgets at either end.
public final class HeaderBar: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(gtk_header_bar_new()))
    }

    private var bar: OpaquePointer { OpaquePointer(pointer) }

    public func setTitleWidget(_ widget: Widget) {
        gtk_header_bar_set_title_widget(bar, widget.widget)
    }

    public func packStart(_ widget: Widget) {
        gtk_header_bar_pack_start(bar, widget.widget)
    }

    public func packEnd(_ widget: Widget) {
        gtk_header_bar_pack_end(bar, widget.widget)
    }
}

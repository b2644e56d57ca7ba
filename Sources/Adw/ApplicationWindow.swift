import CAdw
import CGtk
import Gtk

/// `AdwApplicationWindow`: a toplevel of an application with no separate title bar: its content
/// carries its own header bars.
public final class AdaptiveWindow: Window {
    public init(application: Application) {
        super.init(taking: adw_application_window_new(application.pointer.assumingMemoryBound(to: GtkApplication.self)))
    }

    public func setContent(_ content: Widget) {
        adw_application_window_set_content(pointer.assumingMemoryBound(to: AdwApplicationWindow.self), content.widget)
    }
}

/// `AdwHeaderBar`: a title bar that sits in the content, with a title widget and widgets at either end.
public final class HeaderBar: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(adw_header_bar_new()))
    }

    private var bar: OpaquePointer { OpaquePointer(pointer) }

    public func setTitleWidget(_ widget: Widget?) {
        adw_header_bar_set_title_widget(bar, widget?.widget)
    }

    public func packStart(_ widget: Widget) {
        adw_header_bar_pack_start(bar, widget.widget)
    }

    public func packEnd(_ widget: Widget) {
        adw_header_bar_pack_end(bar, widget.widget)
    }
}

/// `AdwWindowTitle`: a header bar's title and subtitle.
public final class WindowTitle: Widget {
    public init(title: String, subtitle: String = "") {
        super.init(floating: UnsafeMutableRawPointer(adw_window_title_new(title, subtitle)))
    }

    public var title: String {
        get { String(cString: adw_window_title_get_title(OpaquePointer(pointer))) }
        set { adw_window_title_set_title(OpaquePointer(pointer), newValue) }
    }

    public var subtitle: String {
        get { String(cString: adw_window_title_get_subtitle(OpaquePointer(pointer))) }
        set { adw_window_title_set_subtitle(OpaquePointer(pointer), newValue) }
    }
}

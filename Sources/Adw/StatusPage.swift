import CAdw
import CGtk
import Gtk

/// `AdwStatusPage`: a page-sized icon, title and description, with an optional child (a button),
/// for a page that is loading, empty or failed.
public final class StatusPage: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(adw_status_page_new()))
    }

    private var page: OpaquePointer { OpaquePointer(pointer) }

    public var title: String {
        get { adw_status_page_get_title(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(page, newValue) }
    }

    public var details: String {
        get { adw_status_page_get_description(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_description(page, newValue.isEmpty ? nil : newValue) }
    }

    /// The name of its symbolic icon, e.g. "network-offline-symbolic"; nil for none.
    public var iconName: String? {
        get { adw_status_page_get_icon_name(page).map { String(cString: $0) } }
        set { adw_status_page_set_icon_name(page, newValue) }
    }

    public func setChild(_ child: Widget?) {
        adw_status_page_set_child(page, child?.widget)
    }
}

import CShumate
import Gtk

/// A `ShumateLicense`: the credits for what a map shows, each source's licence text and an extra
/// line (e.g. "© OpenStreetMap contributors"). Place it over the map (an overlay at the bottom end).
public final class MapLicence: Widget {
    private var licence: OpaquePointer { OpaquePointer(pointer) }

    public init() {
        super.init(floating: UnsafeMutableRawPointer(shumate_license_new()!))
    }

    /// A line shown after the sources' own; empty for none.
    public var extraText: String {
        get { shumate_license_get_extra_text(licence).map { String(cString: $0) } ?? "" }
        set { shumate_license_set_extra_text(licence, newValue.isEmpty ? nil : newValue) }
    }

    /// Credits a source (its `licence` text) while its tiles are shown.
    public func append(_ source: MapSource) {
        shumate_license_append_map_source(licence, source.source)
    }

    public func remove(_ source: MapSource) {
        shumate_license_remove_map_source(licence, source.source)
    }
}

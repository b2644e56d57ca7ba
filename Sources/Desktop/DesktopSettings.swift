import CGio

/// What the desktop says about clocks and appearance (GSettings `org.gnome.desktop.interface`,
/// where that schema is installed), read through GIO alone: the command line and the wiring use it
/// without loading GTK.
public enum DesktopSettings {
    private static let schemaID = "org.gnome.desktop.interface"

    /// A string key of the desktop's interface settings; nil when the schema or key is not installed.
    private static func string(_ key: String) -> String? {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, key) != 0, let settings = g_settings_new(schemaID) else { return nil }
        defer { g_object_unref(settings) }
        guard let value = g_settings_get_string(settings, key) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// "12h" or "24h", when the desktop says.
    public static var clockFormat: String? { string("clock-format") }
}

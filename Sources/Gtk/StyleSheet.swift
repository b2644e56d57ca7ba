import CGtk

/// Application-wide CSS for the default display.
public enum StyleSheet {
    /// Loads `css` for every window on the default display, above the theme.
    public static func apply(_ css: String) {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// Lets the default display's icon theme find icons in `folder` (laid out as a theme:
    /// `hicolor/scalable/apps/NAME.svg`), as well as where the system keeps them.
    public static func addIconFolder(_ folder: String) {
        gtk_icon_theme_add_search_path(gtk_icon_theme_get_for_display(gdk_display_get_default()), folder)
    }
}

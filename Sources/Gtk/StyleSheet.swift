import CGtk

/// Application-wide CSS and icons for the default display.
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

    /// Reads the default display's icon themes on a worker, while the main thread goes on
    /// building the window, so that its first frame need not read them.
    ///
    /// GTK reads every theme (Adwaita's 20,000 icons into a table) when the first icon is looked
    /// up: in the first frame's layout, on the main thread, unless done before. Once the theme is
    /// set up on the main thread, GTK lets any thread look icons up (its own icon loading does);
    /// a lookup made while the themes are being read waits for them. Call this after the last
    /// `addIconFolder`: a new search path makes GTK read the themes again.
    public static func readIconThemesInBackground() {
        guard let theme = gtk_icon_theme_get_for_display(gdk_display_get_default()) else { return }
        let held = HeldIconTheme(theme)
        Task.detached { held.read() }
    }
}

/// A reference to an icon theme, for a worker to read it (GTK's icon themes are thread-safe once
/// set up), let go of with the last use.
private final class HeldIconTheme: @unchecked Sendable {
    private let theme: OpaquePointer

    init(_ theme: OpaquePointer) {
        self.theme = theme
        g_object_ref(UnsafeMutableRawPointer(theme))
    }

    /// One lookup: GTK reads the themes first, if it has not yet.
    func read() {
        _ = gtk_icon_theme_has_icon(theme, "image-missing")
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(theme))
    }
}

import CGtk

/// GTK's `gtk-application-prefer-dark-theme`, for every window of the app.
public enum DarkTheme {
    /// Asks for the dark variant of the theme, or not. Setting it reloads the theme (15 ms) even
    /// when it does not change, so it is set only when it does.
    @MainActor
    public static func prefer(_ dark: Bool) {
        guard (tripgtk_prefers_dark() != 0) != dark else { return }
        tripgtk_set_prefer_dark(dark ? 1 : 0)
    }
}

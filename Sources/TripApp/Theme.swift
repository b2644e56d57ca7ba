import Gtk

/// The app's own styling, on top of the GTK theme. Accent colours are mixed with the text colour so
/// they stay readable in light and dark alike.
enum Theme {
    static let css = """
    .status-title { font-size: 1.5em; font-weight: bold; }
    .heading { font-weight: bold; }
    .deal-thumb { background-color: alpha(currentColor, 0.08); border-radius: 8px; }
    .deal-title { font-weight: bold; font-size: 1.1em; }
    .deal-price { font-weight: bold; font-size: 1.15em; color: mix(@theme_selected_bg_color, @theme_fg_color, 0.3); }
    label.error { color: mix(@error_color, @theme_fg_color, 0.3); }
    .notice { background-color: alpha(@warning_color, 0.18); padding: 6px 12px; }
    .placeholder-tab { padding: 24px; }
    .undo-bar { background-color: alpha(currentColor, 0.08); padding: 6px 12px; }
    .arrivals { font-weight: bold; font-size: 1.1em; }
    .stale { color: @warning_color; }
    .service-notice { color: @warning_color; font-size: 0.95em; }
    .service-notice-bar { background-color: alpha(@theme_selected_bg_color, 0.12); padding: 6px 12px; }
    .route-badge { font-weight: bold; font-size: 1.2em; background-color: #dc241f; color: white;
                   border-radius: 4px; padding: 2px 6px; }
    .route-badge.tram-badge { background-color: #5f8f00; }
    """

    static func apply() {
        StyleSheet.apply(css)
    }
}

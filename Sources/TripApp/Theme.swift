import Foundation
import Gtk

/// The app's own styling, on top of libadwaita's. Text colours are libadwaita's named ones
/// (`@accent_color`, `@error_color`, `@warning_color`), tuned by it for contrast in light and dark
/// alike. Captions are dimmed less than libadwaita's 55 %, which left them at 3.2:1 on white;
/// route badges keep their operators' colours (TfL red, Yarra Trams green) with the text
/// colour that reads on each. Map labels stand out from the map by a halo of unblurred 1 px
/// shadows: a blurred shadow is blurred again on every frame by the cairo renderer (a pan with
/// 300 pins spent 45 % of its time there). Map pins have square corners: the cairo renderer
/// traces a rounded background and border again for every pin on every frame (a pan with 300
/// pins: 19.6 ms a frame with a 12 px radius, 9.9 ms square). Spinners draw the app's PNGs of
/// Adwaita's process-working icon (`scripts/make-icons.sh`): Adwaita has it only as an SVG, and
/// drawing an SVG loads librsvg (6.5 MiB resident), which any search long enough to show its
/// spinner did.
enum Theme {
    static let css = """
    .dim-label { opacity: 0.75; }
    spinner { -gtk-icon-source: -gtk-icontheme("tripboard-working-symbolic"); }
    .status-title { font-size: 1.5em; font-weight: bold; }
    .heading { font-weight: bold; }
    .deal-thumb { color: alpha(currentColor, 0.75); border-radius: 8px;
                  background: alpha(currentColor, 0.11) -gtk-icontheme("image-x-generic-symbolic") center / 32px 32px no-repeat; }
    .deal-title { font-weight: bold; font-size: 1.1em; }
    .deal-price { font-weight: bold; font-size: 1.1em; color: @accent_color; }
    label.error { color: @error_color; }
    .notice { background-color: alpha(@warning_bg_color, 0.25); padding: 6px 12px; }
    .placeholder-tab { padding: 24px; }
    .arrival-time { font-weight: bold; font-size: 1.1em; }
    .stale { color: @warning_color; }
    .deal-price.kept-price { color: @window_fg_color; }
    .service-notice { color: @warning_color; font-size: 0.95em; }
    .service-notice-bar { background-color: alpha(@accent_bg_color, 0.12); padding: 6px 12px; }
    .route-badge { font-weight: bold; font-size: 1.2em; background-color: #dc241f; color: #ffffff;
                   border-radius: 4px; padding: 2px 6px; }
    .route-badge.tram-badge { background-color: #78be20; color: #1a1a1a; }
    map-view { background-color: mix(@view_bg_color, #78be20, 0.1); }
    .map-pin { min-width: 28px; min-height: 24px; padding: 0 6px; border-radius: 0; font-weight: bold;
               background-color: #ffffff; color: #1a1a1a; border: 2px solid #dc241f; }
    .map-pin.favourite-pin { background-color: #dc241f; color: #ffffff; }
    .map-landmark { font-size: smaller; font-style: italic; color: alpha(@view_fg_color, 0.75);
                    text-shadow: 1px 0 @view_bg_color, -1px 0 @view_bg_color, 0 1px @view_bg_color, 0 -1px @view_bg_color; }
    .map-station { font-weight: bold; color: #1c71d8;
                   text-shadow: 1px 0 @view_bg_color, -1px 0 @view_bg_color, 0 1px @view_bg_color, 0 -1px @view_bg_color; }
    .map-dot { min-width: 10px; min-height: 10px; border-radius: 5px; background-color: #1c71d8;
               box-shadow: 0 0 0 2px @view_bg_color; }
    .map-scale { margin: 8px; font-size: smaller; }
    .map-scale label { text-shadow: 1px 0 @view_bg_color, -1px 0 @view_bg_color, 0 1px @view_bg_color, 0 -1px @view_bg_color; }
    .trip-map { border-radius: 12px; }
    .map-hint { background-color: alpha(#000000, 0.7); color: #ffffff; padding: 8px 16px; border-radius: 16px; }
    """

    static func apply() {
        StyleSheet.apply(css)
        if let icons { StyleSheet.addIconFolder(icons.path) }
        StyleSheet.readIconThemesInBackground()
    }

    /// The app's icons beside a built binary (`Tripboard_TripApp.resources/Icons`, a hicolor
    /// folder), for a window run where it was built; nil when installed, where the icon theme
    /// finds them under `share/icons`. (Bundle.module would abort the app if it were missing.)
    private static let icons: URL? = {
        let binary = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
        let built = binary.deletingLastPathComponent().appendingPathComponent("Tripboard_TripApp.resources/Icons", isDirectory: true)
        return FileManager.default.fileExists(atPath: built.path) ? built : nil
    }()
}

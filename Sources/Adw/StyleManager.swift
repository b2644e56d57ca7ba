import CAdw
import CGtk
import Gtk

/// `AdwStyleManager`: the app's colour scheme. It follows the desktop's (the portal's or GSettings'
/// `color-scheme`) live unless told to be light or dark.
@MainActor
public final class StyleManager: Object {
    public enum Scheme: Sendable {
        /// As the desktop says, followed as it changes.
        case followDesktop
        case light, dark
    }

    /// The app's one style manager.
    public static var shared: StyleManager { StyleManager(borrowed: UnsafeMutableRawPointer(adw_style_manager_get_default())) }

    private var manager: OpaquePointer { OpaquePointer(pointer) }

    public var scheme: Scheme {
        get {
            switch adw_style_manager_get_color_scheme(manager) {
            case ADW_COLOR_SCHEME_FORCE_LIGHT: .light
            case ADW_COLOR_SCHEME_FORCE_DARK: .dark
            default: .followDesktop
            }
        }
        set {
            let value = switch newValue {
            case .followDesktop: ADW_COLOR_SCHEME_DEFAULT
            case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
            case .dark: ADW_COLOR_SCHEME_FORCE_DARK
            }
            // Setting it restyles every window even when it does not change.
            if adw_style_manager_get_color_scheme(manager) != value { adw_style_manager_set_color_scheme(manager, value) }
        }
    }

    /// Whether the app is dark now (by its own choice or the desktop's).
    public var isDark: Bool { adw_style_manager_get_dark(manager) != 0 }

    /// Runs `handler` whenever the app turns dark or light.
    @discardableResult
    public func onDarkChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> UInt {
        on("notify::dark", pointer: { [weak self] _ in
            guard let self else { return }
            handler(isDark)
        })
    }
}

import CAdw
import CGtk
import Gtk

/// libadwaita as a whole: its application, which sets it up at start-up (styles, the colour
/// scheme from the desktop, named colours), and its initialisation for tests without one.
@MainActor
public enum Adwaita {
    /// An application whose windows take libadwaita's style and follow the desktop's colour scheme.
    /// - Parameter id: a reverse-DNS application id, e.g. "org.example.App".
    public static func application(id: String) -> Application {
        Application(owning: UnsafeMutableRawPointer(adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)))
    }

    /// Sets libadwaita up outside an application (tests); GTK must be initialised first.
    public static func initialize() {
        adw_init()
    }
}

import CAdw
import CGtk
import Gtk

/// `AdwAboutWindow`: the app's name, icon, version, summary, website and licence, with credit and
/// legal sections, modal to its window.
public final class AboutWindow: Window {
    public struct Credit: Sendable {
        /// The section's heading ("Data").
        public var section: String
        /// Its lines: a name, optionally with an address as "Name https://…" (shown as a link).
        public var names: [String]

        public init(section: String, names: [String]) {
            self.section = section
            self.names = names
        }
    }

    /// A legal section: its title and notice (copyright and terms), shown as written.
    public struct Legal: Sendable {
        public var title: String
        public var notice: String

        public init(title: String, notice: String) {
            self.title = title
            self.notice = notice
        }
    }

    public init(transientFor parent: Window, name: String, icon: String, version: String, summary: String,
                developer: String, website: String, issues: String, licence: String,
                credits: [Credit], legal: [Legal], backName: String = "Back") {
        super.init(taking: adw_about_window_new())
        gtk_window_set_transient_for(pointer.assumingMemoryBound(to: GtkWindow.self),
                                     parent.pointer.assumingMemoryBound(to: GtkWindow.self))
        gtk_window_set_modal(pointer.assumingMemoryBound(to: GtkWindow.self), 1)
        adw_about_window_set_application_name(about, name)
        adw_about_window_set_application_icon(about, icon)
        adw_about_window_set_version(about, version)
        adw_about_window_set_comments(about, summary)
        adw_about_window_set_developer_name(about, developer)
        adw_about_window_set_website(about, website)
        adw_about_window_set_issue_url(about, issues)
        adw_about_window_set_license_type(about, GTK_LICENSE_CUSTOM)
        adw_about_window_set_license(about, licence)
        for credit in credits {
            withCStrings(credit.names) { adw_about_window_add_credit_section(about, credit.section, $0) }
        }
        for section in legal {
            adw_about_window_add_legal_section(about, section.title, nil, GTK_LICENSE_CUSTOM, section.notice)
        }
        // Its subpages' Back buttons would be read as "GtkImage" (named `backName`, in the app's
        // words), its version as "GtkButton".
        nameButtonsOnce(in: self, iconButtonName: backName)
    }

    private var about: OpaquePointer { OpaquePointer(pointer) }
}

/// `strings` as the NULL-terminated array of C strings a GTK call reads, for the call's duration.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    var array: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

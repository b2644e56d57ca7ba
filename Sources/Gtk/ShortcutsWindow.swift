import CGtk

/// A `GtkShortcutsWindow`: the keyboard shortcuts of the app, in groups, as GNOME apps show them.
public final class ShortcutsWindow: Window {
    public struct Shortcut: Sendable {
        /// GTK's accelerator form, alternatives separated by spaces: "<Alt>1", "F5 <Control>r".
        public var keys: String
        public var title: String

        public init(_ keys: String, _ title: String) {
            self.keys = keys
            self.title = title
        }
    }

    /// The window's own words, in the app's language: its title, and the names of its search
    /// button and field and of its sections button.
    public struct Words: Sendable {
        public var title: String
        public var search: String
        public var sections: String

        public init(title: String, search: String, sections: String) {
            self.title = title
            self.search = search
            self.sections = sections
        }

        public static let english = Words(title: "Keyboard Shortcuts", search: "Search shortcuts", sections: "Sections")
    }

    private let words: Words

    /// - Parameter groups: titled groups of shortcuts, in order.
    public init(groups: [(title: String, shortcuts: [Shortcut])], words: Words = .english, transientFor parent: Window) {
        self.words = words
        let builder = gtk_builder_new_from_string(Self.definition(groups, title: words.title), -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let window = gtk_builder_get_object(builder, "shortcuts")!
        super.init(taking: UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self))
        gtk_window_set_transient_for(self.window, parent.window)
        gtk_window_set_modal(self.window, 1)
        gtk_window_set_hide_on_close(self.window, 0)
        nameInnerControls(of: widget)
    }

    /// GTK 4.8 leaves the window's own search button, search field and sections button unnamed
    /// (a screen reader hears "GtkImage", "GtkSearchEntry" and "GtkMenuButton"): they are named here.
    private func nameInnerControls(of parent: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(parent)
        while let widget = child {
            let type = String(cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))))
            let inMenuButton = String(cString: g_type_name_from_instance(
                UnsafeMutablePointer<GTypeInstance>(OpaquePointer(parent)))) == "GtkMenuButton"
            switch type {
            case "GtkSearchEntry": Widget.setAccessibleLabel(words.search, of: widget)
            case "GtkMenuButton": Widget.setAccessibleLabel(words.sections, of: widget)
            case "GtkToggleButton":
                Widget.setAccessibleLabel(inMenuButton ? words.sections : words.search, of: widget)
            default: break
            }
            nameInnerControls(of: widget)
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    /// The window as GtkBuilder XML: GTK 4.8 builds its sections, groups and shortcuts only from there.
    static func definition(_ groups: [(title: String, shortcuts: [Shortcut])], title: String = Words.english.title) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let body = groups.map { group in
            let shortcuts = group.shortcuts.map { shortcut in
                """
                <child><object class="GtkShortcutsShortcut">\
                <property name="accelerator">\(escaped(shortcut.keys))</property>\
                <property name="title">\(escaped(shortcut.title))</property></object></child>
                """
            }.joined()
            return """
                <child><object class="GtkShortcutsGroup">\
                <property name="title">\(escaped(group.title))</property>\(shortcuts)</object></child>
                """
        }.joined()
        return """
            <interface><object class="GtkShortcutsWindow" id="shortcuts">\
            <property name="title">\(escaped(title))</property>\
            <child><object class="GtkShortcutsSection"><property name="section-name">main</property>\
            <property name="max-height">12</property>\(body)</object></child></object></interface>
            """
    }
}

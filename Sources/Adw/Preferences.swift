import CAdw
import CGtk
import Gtk

/// `AdwPreferencesPage`: a scrolling column of preference groups, as GNOME's settings pages are.
public final class PreferencesPage: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(adw_preferences_page_new()))
    }

    public func add(_ group: PreferencesGroup) {
        adw_preferences_page_add(pointer.assumingMemoryBound(to: AdwPreferencesPage.self),
                                 group.pointer.assumingMemoryBound(to: AdwPreferencesGroup.self))
    }
}

/// `AdwPreferencesGroup`: a titled list of rows, with a description and widgets in its header.
public final class PreferencesGroup: Widget {
    public init(title: String, description: String? = nil) {
        super.init(floating: UnsafeMutableRawPointer(adw_preferences_group_new()))
        adw_preferences_group_set_title(group, title)
        adw_preferences_group_set_description(group, description)
    }

    private var group: UnsafeMutablePointer<AdwPreferencesGroup> { pointer.assumingMemoryBound(to: AdwPreferencesGroup.self) }

    public var details: String? {
        get { adw_preferences_group_get_description(group).map { String(cString: $0) } }
        set { adw_preferences_group_set_description(group, newValue) }
    }

    public func add(_ row: Widget) {
        adw_preferences_group_add(group, row.widget)
    }

    /// A widget at the end of the group's title (a "Test connection" button).
    public func setHeaderSuffix(_ widget: Widget) {
        adw_preferences_group_set_header_suffix(group, widget.widget)
    }
}

/// `AdwActionRow`: a row with a title, a subtitle and widgets at its end.
public class ActionRow: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(adw_action_row_new()))
    }

    init(taking row: UnsafeMutablePointer<GtkWidget>) {
        super.init(floating: UnsafeMutableRawPointer(row))
    }

    public var title: String {
        get { String(cString: adw_preferences_row_get_title(pointer.assumingMemoryBound(to: AdwPreferencesRow.self))) }
        set { adw_preferences_row_set_title(pointer.assumingMemoryBound(to: AdwPreferencesRow.self), newValue) }
    }

    public var subtitle: String {
        get { adw_action_row_get_subtitle(row).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(row, newValue) }
    }

    private var row: UnsafeMutablePointer<AdwActionRow> { pointer.assumingMemoryBound(to: AdwActionRow.self) }

    public func addSuffix(_ widget: Widget) {
        adw_action_row_add_suffix(row, widget.widget)
    }
}

/// `AdwComboRow`: a row that chooses one of a list of titles.
public final class ComboRow: ActionRow {
    public init(title: String, items: [String]) {
        super.init(taking: adw_combo_row_new())
        self.title = title
        let list = withCStringArray(items) { gtk_string_list_new($0) }
        adw_combo_row_set_model(combo, list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    private var combo: UnsafeMutablePointer<AdwComboRow> { pointer.assumingMemoryBound(to: AdwComboRow.self) }

    /// The index chosen.
    public var selected: Int {
        get { Int(adw_combo_row_get_selected(combo)) }
        set { if selected != newValue { adw_combo_row_set_selected(combo, guint(newValue)) } }
    }

    /// Runs `handler` with the index chosen, whenever it changes.
    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor (Int) -> Void) -> UInt {
        on("notify::selected", pointer: { [weak self] _ in
            guard let self else { return }
            handler(selected)
        })
    }
}

/// `AdwEntryRow` (or `AdwPasswordEntryRow`, which hides what is typed behind a show toggle):
/// a row whose title sits over the text typed in it.
public final class EntryRow: ActionRow {
    public init(title: String, isSecret: Bool = false) {
        super.init(taking: isSecret ? adw_password_entry_row_new() : adw_entry_row_new())
        self.title = title
    }

    public var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(pointer))) }
        set { if text != newValue { gtk_editable_set_text(OpaquePointer(pointer), newValue) } }
    }

    /// Runs `handler` whenever the text changes (typed, or set).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("changed", handler)
    }

    /// Runs `handler` on Enter in the row.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("entry-activated", handler)
    }
}

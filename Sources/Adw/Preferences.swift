import CAdw
import CGtk
import Gtk

/// `AdwPreferencesPage`: a scrolling column of preference groups, as GNOME's settings pages are,
/// clamped to a readable width and centred, so its left edge follows the window, not its content.
public final class PreferencesPage: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(adw_preferences_page_new()))
    }

    /// A page named `accessibleLabel`, as is the scrolling pane inside it, the part a screen
    /// reader finds (libadwaita 1.2 leaves it unnamed).
    public convenience init(accessibleLabel: String) {
        self.init()
        setAccessibleLabel(accessibleLabel)
        for pane in descendants(of: self, typeName: "GtkScrolledWindow", depth: 1) { pane.setAccessibleLabel(accessibleLabel) }
    }

    public func add(_ group: PreferencesGroup) {
        adw_preferences_page_add(pointer.assumingMemoryBound(to: AdwPreferencesPage.self),
                                 group.pointer.assumingMemoryBound(to: AdwPreferencesGroup.self))
    }
}

/// `AdwPreferencesGroup`: a titled list of rows, with a description and widgets in its header.
/// Rows (`PreferencesRow` and its kinds) go in its boxed list, in the order added.
public final class PreferencesGroup: Widget {
    public init(title: String, description: String? = nil) {
        super.init(floating: UnsafeMutableRawPointer(adw_preferences_group_new()))
        adw_preferences_group_set_title(group, title)
        adw_preferences_group_set_description(group, description)
    }

    private var group: UnsafeMutablePointer<AdwPreferencesGroup> { pointer.assumingMemoryBound(to: AdwPreferencesGroup.self) }

    /// The sentence under the title; nil shows none.
    public var details: String? {
        get { adw_preferences_group_get_description(group).map { String(cString: $0) } }
        set { adw_preferences_group_set_description(group, newValue) }
    }

    public func add(_ row: Widget) {
        adw_preferences_group_add(group, row.widget)
    }

    /// A widget at the end of the group's title (a "Test Connection" button).
    public func setHeaderSuffix(_ widget: Widget) {
        adw_preferences_group_set_header_suffix(group, widget.widget)
    }
}

/// `AdwPreferencesRow`: the plain row of a preferences list, the base of every kind below; alone,
/// a row around any one child (a line of text under another row).
public class PreferencesRow: Widget {
    /// A plain row around `child`, which cannot be activated or selected.
    public init(child: Widget) {
        super.init(floating: UnsafeMutableRawPointer(adw_preferences_row_new()))
        gtk_list_box_row_set_child(listBoxRow, child.widget)
        isActivatable = false
        gtk_list_box_row_set_selectable(listBoxRow, 0)
    }

    init(taking row: UnsafeMutablePointer<GtkWidget>) {
        super.init(floating: UnsafeMutableRawPointer(row))
    }

    private var preferencesRow: UnsafeMutablePointer<AdwPreferencesRow> { pointer.assumingMemoryBound(to: AdwPreferencesRow.self) }
    private var listBoxRow: UnsafeMutablePointer<GtkListBoxRow> { pointer.assumingMemoryBound(to: GtkListBoxRow.self) }

    /// The row's title (what an action row shows, what an entry row floats over its text; what
    /// a search of the preferences matches).
    public var title: String {
        get { String(cString: adw_preferences_row_get_title(preferencesRow)) }
        set { adw_preferences_row_set_title(preferencesRow, newValue) }
    }

    /// Whether clicking the row (or Enter on it) activates it.
    public var isActivatable: Bool {
        get { gtk_list_box_row_get_activatable(listBoxRow) != 0 }
        set { gtk_list_box_row_set_activatable(listBoxRow, newValue ? 1 : 0) }
    }
}

/// `AdwActionRow`: a row with a title, a subtitle and widgets at its end.
public class ActionRow: PreferencesRow {
    public init(title: String, subtitle: String? = nil) {
        super.init(taking: adw_action_row_new())
        self.title = title
        if let subtitle { self.subtitle = subtitle }
    }

    override init(taking row: UnsafeMutablePointer<GtkWidget>) {
        super.init(taking: row)
    }

    private var row: UnsafeMutablePointer<AdwActionRow> { pointer.assumingMemoryBound(to: AdwActionRow.self) }

    /// The smaller line under the title; empty shows none.
    public var subtitle: String {
        get { adw_action_row_get_subtitle(row).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(row, newValue) }
    }

    /// A widget at the row's end (a spin button, a value, a button).
    public func addSuffix(_ widget: Widget) {
        adw_action_row_add_suffix(row, widget.widget)
    }

    /// The widget that clicking the row activates or focuses (its spin button).
    public func setActivatableWidget(_ widget: Widget) {
        adw_action_row_set_activatable_widget(row, widget.widget)
    }
}

/// `AdwComboRow`: a row that chooses one of a list of titles, shown at its end; activating it
/// opens the list in a popover.
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

/// `AdwEntryRow`: a row whose title sits over the text typed in it. It is no action row: it has
/// no subtitle, so what is said about its value goes on a row of its own under it.
public class EntryRow: PreferencesRow {
    public init(title: String) {
        super.init(taking: adw_entry_row_new())
        self.title = title
    }

    init(title: String, taking row: UnsafeMutablePointer<GtkWidget>) {
        super.init(taking: row)
        self.title = title
    }

    private var entryRow: UnsafeMutablePointer<AdwEntryRow> { pointer.assumingMemoryBound(to: AdwEntryRow.self) }

    public var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(pointer))) }
        set { if text != newValue { gtk_editable_set_text(OpaquePointer(pointer), newValue) } }
    }

    /// Whether an Apply button shows once the text is edited, and Enter applies (`onApply`)
    /// rather than activating (`onActivate`).
    public var showsApplyButton: Bool {
        get { adw_entry_row_get_show_apply_button(entryRow) != 0 }
        set { adw_entry_row_set_show_apply_button(entryRow, newValue ? 1 : 0) }
    }

    /// A widget at the row's end, before the apply button.
    public func addSuffix(_ widget: Widget) {
        adw_entry_row_add_suffix(entryRow, widget.widget)
    }

    /// Runs `handler` whenever the text changes (typed, or set).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("changed", handler)
    }

    /// Runs `handler` on Enter in the row, when it shows no apply button.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("entry-activated", handler)
    }

    /// Runs `handler` when the edit is applied (its Apply button, or Enter), with `showsApplyButton`.
    @discardableResult
    public func onApply(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("apply", handler)
    }
}

/// `AdwPasswordEntryRow`: an entry row whose text shows as dots, with its own toggle to show it.
public final class PasswordEntryRow: EntryRow {
    public override init(title: String) {
        super.init(title: title, taking: adw_password_entry_row_new())
    }
}

/// `AdwExpanderRow`: a row that opens to show more rows under it ("Advanced").
public final class ExpanderRow: PreferencesRow {
    public init(title: String, subtitle: String? = nil) {
        super.init(taking: adw_expander_row_new())
        self.title = title
        if let subtitle { self.subtitle = subtitle }
    }

    private var expander: UnsafeMutablePointer<AdwExpanderRow> { pointer.assumingMemoryBound(to: AdwExpanderRow.self) }

    public var subtitle: String {
        get { adw_expander_row_get_subtitle(expander).map { String(cString: $0) } ?? "" }
        set { adw_expander_row_set_subtitle(expander, newValue) }
    }

    public var isExpanded: Bool {
        get { adw_expander_row_get_expanded(expander) != 0 }
        set { adw_expander_row_set_expanded(expander, newValue ? 1 : 0) }
    }

    /// A row inside, shown while the row is expanded.
    public func addRow(_ row: Widget) {
        adw_expander_row_add_row(expander, row.widget)
    }
}

extension PreferencesRow {
    /// Names the row for screen readers `name` alone ("Deals source", where its title is
    /// "Source" in the Deals group), and the parts inside it that libadwaita 1.2 leaves named
    /// after their type: a combo row's list of the chosen item, an expander row's lists, a
    /// password row's show button (`showButtonName`: "Show Busbud token"). libadwaita labels a row by its title
    /// too, which GTK would read before this name ("Deals source Source"): that relation goes.
    public func setAccessibleName(_ name: String, showButtonName: String? = nil) {
        setOnlyAccessibleLabel(name)
        for list in descendants(of: self, typeName: "GtkListView") + descendants(of: self, typeName: "GtkListBox") {
            list.setAccessibleLabel(name)
        }
        // The show button is the one with a tooltip ("Show Text"); the apply button has none.
        for button in descendants(of: self, typeName: "GtkButton") where self is PasswordEntryRow && button.tooltip != nil {
            button.setOnlyAccessibleLabel(showButtonName ?? name)
        }
    }
}

extension Widget {
    /// Sets the name assistive technologies announce, in place of the label libadwaita relates
    /// it to (an action row's activatable widget is labelled by the row's title).
    public func setOnlyAccessibleLabel(_ label: String) {
        gtk_accessible_reset_relation(OpaquePointer(pointer), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        setAccessibleLabel(label)
    }
}

import CGtk

/// A `GtkToggleButton`: a button that stays pressed in or out.
public final class ToggleButton: Widget {
    /// Its icon, for an icon-only toggle.
    private var icon: SymbolicIcon?

    /// An icon-only toggle (a `SymbolicIcon`, styled as GTK styles its icon buttons);
    /// `accessibleLabel` says what it does, since there is no visible text.
    public init(iconName: String, accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_toggle_button_new()))
        icon = SymbolicIcon.content(of: pointer.assumingMemoryBound(to: GtkButton.self), named: iconName)
        setAccessibleLabel(accessibleLabel)
    }

    /// A toggle with a text label, which is also its accessible name.
    public init(label: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_toggle_button_new_with_label(label)))
    }

    private var toggle: UnsafeMutablePointer<GtkToggleButton> { pointer.assumingMemoryBound(to: GtkToggleButton.self) }

    /// Joins `other`'s group: of the toggles in a group, exactly one is pressed in at a time.
    public func group(with other: ToggleButton) {
        gtk_toggle_button_set_group(toggle, other.toggle)
    }

    /// Pressed in. Setting it emits `toggled` only when it changes.
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(toggle) != 0 }
        set { if newValue != isActive { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) } }
    }

    /// The icon-only toggle's icon; nil for one with a label, which has no icon to rename (setting
    /// it there, or setting nil, changes nothing).
    public var iconName: String? {
        get { icon?.name }
        set { if let newValue { icon?.name = newValue } }
    }

    /// Runs whenever it is pressed in or out, by the person or by code.
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) {
        let toggle = toggle
        on("toggled") { handler(gtk_toggle_button_get_active(toggle) != 0) }
    }
}

/// A `GtkCheckButton`: a box ticked or not, with its label (also its accessible name) beside it.
public final class CheckButton: Widget {
    public init(label: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_check_button_new_with_label(label)))
    }

    private var check: UnsafeMutablePointer<GtkCheckButton> { pointer.assumingMemoryBound(to: GtkCheckButton.self) }

    /// What it says beside the box, and so its accessible name; changing it keeps the button (and
    /// the keyboard focus, if it has it).
    public var label: String {
        get { gtk_check_button_get_label(check).map { String(cString: $0) } ?? "" }
        set { if newValue != label { gtk_check_button_set_label(check, newValue) } }
    }

    /// Ticked. Setting it emits `toggled` only when it changes.
    public var isActive: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        set { if newValue != isActive { gtk_check_button_set_active(check, newValue ? 1 : 0) } }
    }

    /// Runs whenever it is ticked or cleared, by the person or by code.
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) {
        let check = check
        on("toggled") { handler(gtk_check_button_get_active(check) != 0) }
    }
}

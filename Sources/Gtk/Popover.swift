import CGtk

/// A `GtkPopover`: a bubble holding one child, shown by a `MenuButton`.
public final class Popover: Widget {
    public init(child: Widget) {
        super.init(floating: UnsafeMutableRawPointer(gtk_popover_new()))
        gtk_popover_set_child(pointer.assumingMemoryBound(to: GtkPopover.self), child.widget)
    }

    public func popdown() {
        gtk_popover_popdown(pointer.assumingMemoryBound(to: GtkPopover.self))
    }
}

/// A `GtkMenuButton` that opens a popover. Its inner button takes its name from the label shown
/// on it; GTK 4.8 names the menu button itself after its type, so it is named here after the label.
public final class MenuButton: Widget {
    public init(label: String, popover: Popover) {
        super.init(floating: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_popover(OpaquePointer(pointer), popover.widget)
        self.label = label
        setAccessibleLabel(label)
    }

    /// An icon-only menu button; `accessibleLabel` names it, and is its tooltip. (Its inner button
    /// is labelled by it.)
    public convenience init(iconName: String, accessibleLabel: String, popover: Popover) {
        self.init(iconName: iconName, accessibleLabel: accessibleLabel)
        gtk_menu_button_set_popover(OpaquePointer(pointer), popover.widget)
    }

    init(iconName: String, accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_menu_button_new()))
        // A `SymbolicIcon`, its inner button styled as GTK styles it for an icon name.
        let icon = SymbolicIcon(name: iconName)
        withExtendedLifetime(icon) { gtk_menu_button_set_child(OpaquePointer(pointer), icon.widget) }
        if let inner = gtk_widget_get_first_child(widget) { gtk_widget_add_css_class(inner, "image-button") }
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }

    /// Opens its popover to its left (for a button at a window's end edge), instead of below.
    public func opensToTheLeft() {
        gtk_menu_button_set_direction(OpaquePointer(pointer), GTK_ARROW_LEFT)
    }

    /// Closes its popover.
    public func popdown() {
        gtk_menu_button_popdown(OpaquePointer(pointer))
    }

    public var label: String {
        get { gtk_menu_button_get_label(OpaquePointer(pointer)).map { String(cString: $0) } ?? "" }
        set {
            // Setting a label rebuilds the button's content: only when it changes.
            guard newValue != label else { return }
            gtk_menu_button_set_label(OpaquePointer(pointer), newValue)
            setAccessibleLabel(newValue)
        }
    }
}

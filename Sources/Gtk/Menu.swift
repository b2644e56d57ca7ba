import CGtk
import GLibBridge

/// A `GMenu`: a menu's items, each a label and the action it activates ("win.about"), in sections
/// that the popover separates with a line.
public final class Menu: Object {
    public init() {
        super.init(owned: UnsafeMutableRawPointer(g_menu_new()))
    }

    /// A menu of `sections`, each a list of (label, action) items.
    public convenience init(sections: [[(label: String, action: String)]]) {
        self.init()
        for items in sections {
            let section = Menu()
            for item in items { section.append(item.label, action: item.action) }
            g_menu_append_section(menu, nil, section.model)
        }
    }

    var menu: OpaquePointer { OpaquePointer(pointer) }
    var model: UnsafeMutablePointer<GMenuModel> { pointer.assumingMemoryBound(to: GMenuModel.self) }

    public func append(_ label: String, action: String) {
        g_menu_append(menu, label, action)
    }
}

extension MenuButton {
    /// An icon-only button that opens `menu`; `accessibleLabel` names it and is its tooltip.
    /// - Parameter isPrimary: the window's main menu, which F10 opens (as in GNOME apps).
    ///
    /// The menu's popover is made when it is first opened (by a click, the keyboard or F10), not
    /// with the button: GTK builds a popover and its items' widgets as soon as it is given a menu,
    /// 4.9 M instructions of the window's start-up for the main menu.
    public convenience init(iconName: String, accessibleLabel: String, menu: Menu, isPrimary: Bool = false) {
        self.init(iconName: iconName, accessibleLabel: accessibleLabel)
        gtk_menu_button_set_create_popup_func(OpaquePointer(pointer), { button, data in
            guard gtk_menu_button_get_menu_model(button) == nil else { return }
            gtk_menu_button_set_menu_model(button, UserDataBox<Menu>.unbox(data).value.model)
        }, UserDataBox.retained(menu), releaseUserData)
        gtk_menu_button_set_primary(OpaquePointer(pointer), isPrimary ? 1 : 0)
    }

    /// Whether its menu's popover has been made (it is, when first opened).
    public var hasMenu: Bool { gtk_menu_button_get_menu_model(OpaquePointer(pointer)) != nil }

    /// Shows its menu or popover, as a click does.
    public func popup() {
        gtk_menu_button_popup(OpaquePointer(pointer))
    }
}

extension Window {
    /// Adds `win.NAME` (a window that is an action map: an application window), which a menu item
    /// or a shortcut activates.
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        g_action_map_add_action(OpaquePointer(pointer), action)
        // The window holds the action (and so the handler) from here on.
        Object(owned: UnsafeMutableRawPointer(action)).on("activate", pointer: { _ in handler() })
    }
}

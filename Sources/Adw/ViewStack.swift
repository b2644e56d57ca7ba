import CAdw
import CGtk
import Gtk

/// `AdwViewStack`: one page visible at a time, each with a name, a title and an icon, for a
/// view switcher.
public final class ViewStack: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(adw_view_stack_new()))
    }

    var stack: OpaquePointer { OpaquePointer(pointer) }

    /// Adds a page the switchers show as `title` with the icon named `icon`.
    public func add(_ child: Widget, name: String, title: String, icon: String) {
        let page = adw_view_stack_add_titled(stack, child.widget, name, title)
        adw_view_stack_page_set_icon_name(page, icon)
    }

    public var visibleChildName: String? {
        get { adw_view_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        set { if let newValue { adw_view_stack_set_visible_child_name(stack, newValue) } }
    }

    /// Runs `handler` with the page's name whenever another page is shown.
    @discardableResult
    public func onVisibleChildChanged(_ handler: @escaping @MainActor (String?) -> Void) -> UInt {
        on("notify::visible-child-name", pointer: { [weak self] _ in handler(self?.visibleChildName) })
    }
}

/// `AdwViewSwitcherTitle`: the window's title, or the stack's switcher where the header bar has room.
public final class ViewSwitcherTitle: Widget {
    /// - Parameter accessibleLabel: the name of its row of tabs (libadwaita 1.2 names it after its type).
    public init(title: String, accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(adw_view_switcher_title_new()))
        adw_view_switcher_title_set_title(OpaquePointer(pointer), title)
        nameSwitchers(in: self, accessibleLabel)
    }

    /// Shows `stack`'s pages as its tabs. Given once the stack has its pages: libadwaita 1.2's
    /// switchers make all their buttons again for each page added to a stack they show, so four
    /// pages added one by one made 20 buttons (its wide and narrow rows), where four pages given at
    /// once make 8.
    public func show(_ stack: ViewStack) {
        adw_view_switcher_title_set_stack(OpaquePointer(pointer), stack.stack)
    }

    /// True when the header bar is too narrow for the switcher, which then shows the title alone.
    public var showsTitleOnly: Bool { adw_view_switcher_title_get_title_visible(OpaquePointer(pointer)) != 0 }

    @discardableResult
    public func onShowsTitleOnlyChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> UInt {
        on("notify::title-visible", pointer: { [weak self] _ in handler(self?.showsTitleOnly ?? false) })
    }
}

/// `AdwViewSwitcherBar`: the stack's switcher at the bottom of a narrow window.
///
/// Its buttons are made when it is first revealed: most windows are never narrow enough to
/// need them, and a start-up need not build, style and name a second row of tabs that stays hidden.
public final class ViewSwitcherBar: Widget {
    private var stack: ViewStack?

    /// - Parameter accessibleLabel: the name of its row of tabs.
    public init(stack: ViewStack, accessibleLabel: String) {
        self.stack = stack
        super.init(floating: UnsafeMutableRawPointer(adw_view_switcher_bar_new()))
        setAccessibleLabel(accessibleLabel)
        nameSwitchers(in: self, accessibleLabel)
    }

    /// Whether it shows; its buttons for the stack's pages are made the first time it does.
    public var isRevealed: Bool {
        get { adw_view_switcher_bar_get_reveal(OpaquePointer(pointer)) != 0 }
        set {
            if newValue, let stack {
                adw_view_switcher_bar_set_stack(OpaquePointer(pointer), stack.stack)
                self.stack = nil
            }
            adw_view_switcher_bar_set_reveal(OpaquePointer(pointer), newValue ? 1 : 0)
        }
    }

    /// Whether its buttons have been made (it has been revealed once).
    public var hasButtons: Bool { stack == nil }
}

/// Names every `AdwViewSwitcher` inside `widget` (a screen reader reads the row of tabs by it).
@MainActor
private func nameSwitchers(in widget: Widget, _ label: String) {
    for switcher in descendants(of: widget, typeName: "AdwViewSwitcher") { switcher.setAccessibleLabel(label) }
}

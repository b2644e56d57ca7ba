import CGtk

/// A `GtkStack`: one child visible at a time, each with a name (and a title for a switcher).
public final class Stack: Widget {
    public init() {
        super.init(floating: UnsafeMutableRawPointer(gtk_stack_new()))
    }

    var stack: OpaquePointer { OpaquePointer(pointer) }

    /// Adds a page a `StackSwitcher` shows as a tab titled `title`.
    public func addTitled(_ child: Widget, name: String, title: String) {
        gtk_stack_add_titled(stack, child.widget, name, title)
    }

    public func addNamed(_ child: Widget, name: String) {
        gtk_stack_add_named(stack, child.widget, name)
    }

    /// Takes `child` out (and, when nothing else holds it, destroys it with its accessible objects).
    public func remove(_ child: Widget) {
        gtk_stack_remove(stack, child.widget)
    }

    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
    }

    public var transitionsCrossfade: Bool {
        get { gtk_stack_get_transition_type(stack) == GTK_STACK_TRANSITION_TYPE_CROSSFADE }
        set { gtk_stack_set_transition_type(stack, newValue ? GTK_STACK_TRANSITION_TYPE_CROSSFADE : GTK_STACK_TRANSITION_TYPE_NONE) }
    }
}

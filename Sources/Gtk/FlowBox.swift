import CGtk

/// A `GtkFlowBox` used for layout only: its children sit in a row and wrap onto further rows when
/// the width runs out, so it needs no more width than its widest child.
///
/// Nothing in it is selectable, and its cells take no keyboard focus of their own: Tab goes
/// straight to the controls inside them, and assistive technologies see a plain group of controls
/// (a panel), not a grid of cells.
public final class FlowBox: Widget {
    public init(columnSpacing: Int = 12, rowSpacing: Int = 8, _ children: [Widget] = []) {
        super.init(floating: Self.newWithGroupRole(gtk_flow_box_get_type()))
        gtk_flow_box_set_selection_mode(flowBox, GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(flowBox, 0)
        gtk_flow_box_set_column_spacing(flowBox, guint(columnSpacing))
        gtk_flow_box_set_row_spacing(flowBox, guint(rowSpacing))
        gtk_flow_box_set_min_children_per_line(flowBox, 1)
        // Only its controls take the keyboard: not the box, whose own arrow-key handling would
        // move between cells instead.
        gtk_widget_set_focusable(widget, 0)
        children.forEach(append)
    }

    private var flowBox: OpaquePointer { OpaquePointer(pointer) }

    /// Adds `child` after the others, in a cell of its own that never takes the focus itself.
    /// A child that would fill its cell keeps its natural width instead, at the cell's start: the
    /// cells line up in columns as wide as their widest, and a button is not stretched to one.
    public func append(_ child: Widget) {
        insert(child, at: -1)
    }

    /// Adds `child` as the box's `position`th (after the others when -1 or past them), as `append` does.
    public func insert(_ child: Widget, at position: Int) {
        if child.halign == .fill { child.halign = .start }
        let cell = Self.newWithGroupRole(gtk_flow_box_child_get_type())
        let cellWidget = cell.assumingMemoryBound(to: GtkWidget.self)
        gtk_flow_box_child_set_child(cell.assumingMemoryBound(to: GtkFlowBoxChild.self), child.widget)
        gtk_widget_set_focusable(cellWidget, 0)
        gtk_flow_box_insert(flowBox, cellWidget, Int32(position))
        // As many in a row as there are children, when the width allows (GTK's default stops at 7).
        gtk_flow_box_set_max_children_per_line(flowBox, guint(max(count, 1)))
    }

    /// How many children the box holds.
    public var count: Int {
        var count = 0
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            count += 1
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }

    /// Takes every child out.
    public func removeAll() {
        while let cell = gtk_widget_get_first_child(widget) {
            gtk_flow_box_remove(flowBox, cell)
        }
    }

    /// Takes `child` out, with its cell (nothing, if it is not in the box).
    public func remove(_ child: Widget) {
        guard let cell = gtk_widget_get_parent(child.widget), gtk_widget_get_parent(cell) == widget else { return }
        gtk_flow_box_remove(flowBox, cell)
    }

    /// Lets a click or drag on it reach the widget under it (a list row that opens, or is dragged,
    /// from anywhere on it).
    public func passPointerThrough() {
        gtk_widget_set_can_target(widget, 0)
    }

    /// A new (floating) widget of `type` whose accessible role is a group: GTK's flow box and its
    /// cells otherwise call themselves a grid and grid cells, which a form is not.
    private static func newWithGroupRole(_ type: GType) -> UnsafeMutableRawPointer {
        var role = GValue()
        g_value_init(&role, gtk_accessible_role_get_type())
        g_value_set_enum(&role, gint(GTK_ACCESSIBLE_ROLE_GROUP.rawValue))
        defer { g_value_unset(&role) }
        var names: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("accessible-role"))]
        defer { free(UnsafeMutablePointer(mutating: names[0])) }
        return withUnsafeMutablePointer(to: &role) { value in
            UnsafeMutableRawPointer(g_object_new_with_properties(type, 1, &names, value)!)
        }
    }
}

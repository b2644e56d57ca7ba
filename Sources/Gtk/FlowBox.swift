import CGtk

/// A `GtkFlowBox` used as a wrapping layout: children sit side by side in reading order and go on
/// to the next line when the width runs out, instead of being cut.
///
/// It only arranges. Nothing in it can be selected, its children take no keyboard focus (Tab does
/// not stop at each one), and it takes no pointer events, so a click or drag on it reaches the
/// widget under it (a list row that opens, or is dragged, from anywhere on it).
public final class FlowBox: Widget {
    /// - Parameters:
    ///   - columnSpacing: pixels between children on one line.
    ///   - rowSpacing: pixels between lines.
    public init(columnSpacing: Int, rowSpacing: Int) {
        super.init(floating: UnsafeMutableRawPointer(gtk_flow_box_new()))
        gtk_flow_box_set_selection_mode(box, GTK_SELECTION_NONE)
        gtk_flow_box_set_column_spacing(box, UInt32(columnSpacing))
        gtk_flow_box_set_row_spacing(box, UInt32(rowSpacing))
        // GTK's default of 7 a line would break a line that still has room.
        gtk_flow_box_set_max_children_per_line(box, UInt32(Self.maxChildrenPerLine))
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_focusable(widget, 0)
    }

    /// More than a line ever holds here: the width, not a count, decides where a line breaks.
    static let maxChildrenPerLine = 64

    private var box: OpaquePointer { OpaquePointer(pointer) }

    /// Adds `child` at the end, as one item of the flow.
    public func append(_ child: Widget) {
        gtk_flow_box_append(box, child.widget)
        // GTK wraps each child in a GtkFlowBoxChild, which is focusable by default.
        if let item = gtk_widget_get_parent(child.widget) {
            gtk_widget_set_focusable(item, 0)
        }
    }

    /// How many children it holds.
    public var count: Int {
        var count = 0
        var child = gtk_widget_get_first_child(widget)
        while let item = child {
            count += 1
            child = gtk_widget_get_next_sibling(item)
        }
        return count
    }

    /// Takes every child out.
    public func removeAll() {
        while let item = gtk_widget_get_first_child(widget) {
            gtk_flow_box_remove(box, item)
        }
    }
}

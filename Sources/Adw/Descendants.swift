import CGtk
import Gtk

/// The widgets of type `typeName` inside `widget` (itself included), depth first: the parts
/// libadwaita 1.2 builds and names after their type or twice over, which a wrapper names itself.
@MainActor
func descendants(of widget: Widget, typeName: String) -> [Widget] {
    var found: [Widget] = []
    func visit(_ child: UnsafeMutablePointer<GtkWidget>) {
        let instance = UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self)
        if String(cString: g_type_name_from_instance(instance)) == typeName {
            found.append(Widget(borrowed: UnsafeMutableRawPointer(child)))
        }
        var next = gtk_widget_get_first_child(child)
        while let current = next {
            visit(current)
            next = gtk_widget_get_next_sibling(current)
        }
    }
    visit(widget.widget)
    return found
}

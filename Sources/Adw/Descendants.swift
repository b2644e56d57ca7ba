import CGtk
import Gtk

/// The widgets of type `typeName` inside `widget` (itself included), depth first, at most
/// `limit` levels down: the parts
/// libadwaita 1.2 builds and names after their type or twice over, which a wrapper names itself.
@MainActor
func descendants(of widget: Widget, typeName: String, depth limit: Int = .max) -> [Widget] {
    var found: [Widget] = []
    func visit(_ child: UnsafeMutablePointer<GtkWidget>, _ depth: Int = 0) {
        let instance = UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self)
        if String(cString: g_type_name_from_instance(instance)) == typeName {
            found.append(Widget(borrowed: UnsafeMutableRawPointer(child)))
        }
        guard depth < limit else { return }
        var next = gtk_widget_get_first_child(child)
        while let current = next {
            visit(current, depth + 1)
            next = gtk_widget_get_next_sibling(current)
        }
    }
    visit(widget.widget)
    return found
}

/// libadwaita 1.2 names a button whose child is a label twice over ("Retry Retry": its label,
/// and the label it is labelled by): names each inside `widget` once, by its label's text, and an
/// icon-only one by `iconButtonName` when given.
@MainActor
func nameButtonsOnce(in widget: Widget, iconButtonName: String? = nil) {
    for button in descendants(of: widget, typeName: "GtkButton") {
        guard let child = gtk_button_get_child(button.pointer.assumingMemoryBound(to: GtkButton.self)) else { continue }
        let type = String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self)))
        let name: String?
        switch type {
        case "GtkLabel": name = gtk_label_get_text(OpaquePointer(child)).map { String(cString: $0) }
        case "GtkImage": name = iconButtonName
        default: name = nil
        }
        guard let name else { continue }
        gtk_accessible_reset_relation(OpaquePointer(button.pointer), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        button.setAccessibleLabel(name)
    }
}

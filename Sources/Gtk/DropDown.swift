import CGtk

/// A `GtkDropDown` choosing one of a list of strings.
///
/// The chosen item, shown on the button, is cut with an ellipsis when there is no room for it
/// (its whole text in its tooltip), so a long item never sets the width the button needs; the
/// open list shows every item whole.
public final class DropDown: Widget {
    public init(items: [String], accessibleLabel: String) {
        let dropDown = withCStringArray(items) { gtk_drop_down_new_from_strings($0) }
        super.init(floating: UnsafeMutableRawPointer(dropDown!))
        // The drop-down takes its own reference to each factory; the one from `new` is let go.
        let button = Self.itemFactory(cut: true), list = Self.itemFactory(cut: false)
        gtk_drop_down_set_factory(self.dropDown, button)
        gtk_drop_down_set_list_factory(self.dropDown, list)
        g_object_unref(UnsafeMutableRawPointer(button))
        g_object_unref(UnsafeMutableRawPointer(list))
        setAccessibleLabelWithInnerButton(accessibleLabel)
    }

    /// A factory making a label for each string: cut with an ellipsis and whole in its tooltip
    /// when `cut`, whole otherwise. Made from a template: it holds no Swift closure.
    private static func itemFactory(cut: Bool) -> OpaquePointer {
        let string = """
            <lookup name="string" type="GtkStringObject"><lookup name="item">GtkListItem</lookup></lookup>
            """
        let template = """
            <?xml version="1.0" encoding="UTF-8"?>
            <interface><template class="GtkListItem"><property name="child"><object class="GtkLabel">
            <property name="xalign">0</property>
            \(cut ? "<property name=\"ellipsize\">end</property>" : "")
            <binding name="label">\(string)</binding>
            \(cut ? "<binding name=\"tooltip-text\">\(string)</binding>" : "")
            </object></property></template></interface>
            """
        let bytes = Array(template.utf8).withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gtk_builder_list_item_factory_new_from_bytes(nil, bytes)
    }

    private var dropDown: OpaquePointer { OpaquePointer(pointer) }

    /// The chosen item's index.
    public var selected: Int {
        get { Int(gtk_drop_down_get_selected(dropDown)) }
        set { if newValue != selected { gtk_drop_down_set_selected(dropDown, guint(newValue)) } }
    }

    /// Runs with the new index whenever the choice changes, by the user or by code.
    public func onSelected(_ handler: @escaping @MainActor (Int) -> Void) {
        let dropDown = dropDown
        on("notify::selected", pointer: { _ in handler(Int(gtk_drop_down_get_selected(dropDown))) })
    }
}

/// Calls `body` with `strings` as a NULL-terminated C array of C strings, valid for the call only
/// (GTK's `const char * const *` lists).
public func withCStringArray<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    var copies = strings.map { strdup($0) }
    copies.append(nil)
    defer { copies.forEach { free($0) } }
    return copies.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
    }
}

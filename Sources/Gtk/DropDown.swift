import CGtk

/// A `GtkDropDown` choosing one of a list of strings.
public final class DropDown: Widget {
    public init(items: [String], accessibleLabel: String) {
        let dropDown = withCStringArray(items) { gtk_drop_down_new_from_strings($0) }
        super.init(floating: UnsafeMutableRawPointer(dropDown!))
        setAccessibleLabelWithInnerButton(accessibleLabel)
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

import CGtk

/// A one-line `GtkEntry`.
public final class Entry: Widget {
    public init(placeholder: String? = nil) {
        super.init(floating: UnsafeMutableRawPointer(gtk_entry_new()))
        if let placeholder {
            gtk_entry_set_placeholder_text(entry, placeholder)
            setAccessibleLabel(placeholder)
        }
    }

    private var entry: UnsafeMutablePointer<GtkEntry> { pointer.assumingMemoryBound(to: GtkEntry.self) }
    private var editable: OpaquePointer { OpaquePointer(pointer) }

    public var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        set { gtk_editable_set_text(editable, newValue) }
    }

    /// The grey hint shown while the field is empty.
    public var placeholder: String? {
        get { gtk_entry_get_placeholder_text(entry).map { String(cString: $0) } }
        set { gtk_entry_set_placeholder_text(entry, newValue) }
    }

    /// Whether the text shows; false shows dots instead, for secrets (and asks input methods
    /// to treat it as a password).
    public var showsText: Bool {
        get { gtk_entry_get_visibility(entry) != 0 }
        set {
            gtk_entry_set_visibility(entry, newValue ? 1 : 0)
            if !newValue { gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_PASSWORD) }
        }
    }

    /// Enter was pressed.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("activate", handler)
    }

    /// The text changed, by the user or by code.
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("changed", handler)
    }
}

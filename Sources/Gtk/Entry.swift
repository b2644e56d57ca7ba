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

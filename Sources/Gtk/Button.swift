import CGtk

/// A `GtkButton` with a text label (its accessible name) or an icon.
public final class Button: Widget {
    public init(label: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_button_new_with_label(label)))
    }

    /// An icon-only button; `accessibleLabel` says what it does, and shows as its tooltip too.
    public init(iconName: String, accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName)))
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }

    public var label: String? {
        get { gtk_button_get_label(button).map { String(cString: $0) } }
        set { gtk_button_set_label(button, newValue) }
    }

    private var button: UnsafeMutablePointer<GtkButton> { pointer.assumingMemoryBound(to: GtkButton.self) }

    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("clicked", handler)
    }
}

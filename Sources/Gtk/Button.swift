import CGtk

/// A `GtkButton` with a text label (its accessible name) or an icon.
public final class Button: Widget {
    public init(label: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_button_new_with_label(label)))
    }

    /// An icon-only button (a `SymbolicIcon`, styled as GTK styles its icon buttons);
    /// `accessibleLabel` says what it does, and shows as its tooltip too.
    public init(iconName: String, accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_button_new()))
        _ = SymbolicIcon.content(of: button, named: iconName)
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }

    /// A button whose content is `child` (an icon over a title and a line, say); `accessibleLabel`
    /// is its name, so that a screen reader says the choice, not every label inside.
    public init(child: Widget, accessibleLabel: String) {
        super.init(floating: UnsafeMutableRawPointer(gtk_button_new()))
        gtk_button_set_child(button, child.widget)
        setAccessibleLabel(accessibleLabel)
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

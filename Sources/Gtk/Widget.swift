import CGtk

/// A `GtkWidget`: anything that can be shown.
open class Widget: Object {
    public var widget: UnsafeMutablePointer<GtkWidget> { pointer.assumingMemoryBound(to: GtkWidget.self) }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// On screen: shown, and inside a window that is shown (its tab selected).
    /// Its width and height as laid out now, in pixels (0 before it is).
    public var width: Int { Int(gtk_widget_get_width(widget)) }
    public var height: Int { Int(gtk_widget_get_height(widget)) }

    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }

    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }

    public var halign: Align {
        get { Align(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }

    public var valign: Align {
        get { Align(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set {
            // Setting a tooltip asks the display where the pointer is (a round trip to the X
            // server) whenever the widget is visible: skipped when nothing changes.
            guard (newValue ?? "") != (tooltip ?? "") else { return }
            gtk_widget_set_tooltip_text(widget, newValue)
        }
    }

    /// The name assistive technologies announce. Set it where the visible text alone is not the name.
    public func setAccessibleLabel(_ label: String) {
        Self.setAccessibleLabel(label, of: widget)
    }

    /// Names a composite widget and the inner button a screen reader actually lands on (GTK 4.8
    /// names a drop-down's or menu button's inner toggle after its type otherwise).
    func setAccessibleLabelWithInnerButton(_ label: String) {
        setAccessibleLabel(label)
        if let inner = gtk_widget_get_first_child(widget) {
            Self.setAccessibleLabel(label, of: inner)
        }
    }

    /// Where a widget keeps the name last given, to tell a new one from the same again.
    private static let accessibleLabelKey = g_quark_from_string("tripboard-accessible-label")

    /// Gives `widget` the accessible name `label`, unless it already has it: GTK 4.8 tells the
    /// accessibility bus of every update, the same name or not, and a row shown again with one
    /// time changed would announce each of its names again. The one way this module names a
    /// widget, its own or a part inside a GTK widget.
    static func setAccessibleLabel(_ label: String, of widget: UnsafeMutablePointer<GtkWidget>) {
        let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
        if let given = g_object_get_qdata(object, accessibleLabelKey), strcmp(given, label) == 0 { return }
        g_object_set_qdata_full(object, accessibleLabelKey, strdup(label), free)
        tripgtk_accessible_set_label(OpaquePointer(widget), label)
    }

    public func setMargins(_ all: Int) {
        setMargins(top: all, bottom: all, start: all, end: all)
    }

    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, Int32(top))
        gtk_widget_set_margin_bottom(widget, Int32(bottom))
        gtk_widget_set_margin_start(widget, Int32(start))
        gtk_widget_set_margin_end(widget, Int32(end))
    }

    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, Int32(width), Int32(height))
    }

    /// 1 is opaque; below, the widget and what it holds are drawn see-through, without a restyle.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    /// What the widget draws (and its children) is cut to its rounded border, not only its background.
    public var clipsToRoundedCorners: Bool {
        get { gtk_widget_get_overflow(widget) == GTK_OVERFLOW_HIDDEN }
        set { gtk_widget_set_overflow(widget, newValue ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE) }
    }

    public func addCSSClass(_ name: String) {
        gtk_widget_add_css_class(widget, name)
    }

    /// Adds or removes a style class.
    public func setCSSClass(_ name: String, _ present: Bool) {
        if present { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }

    /// The toplevel window this widget sits in, once it is in one.
    public var rootWindow: UnsafeMutablePointer<GtkWindow>? {
        guard let root = gtk_widget_get_root(widget) else { return nil }
        let instance = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, gtk_window_get_type()) != 0 else { return nil }
        return UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
    }

    /// Runs when the widget is mapped: shown on screen, e.g. its tab selected.
    @discardableResult
    public func onMap(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("map", handler)
    }

    /// Runs when the widget is unmapped: its tab switched away, or its window hidden.
    @discardableResult
    public func onUnmap(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("unmap", handler)
    }

    /// Whether pointer input can reach the widget; when false, clicks and scrolls go to what is
    /// under it (a picture that must not catch the page's scrolling).
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }

    /// Gives the keyboard focus to this widget (or the first focusable part of it).
    public func grabFocus() {
        gtk_widget_grab_focus(widget)
    }

    /// Gives the keyboard focus to the widget that holds this one (a list's row around its content).
    public func grabFocusOnParent() {
        if let parent = gtk_widget_get_parent(widget) { gtk_widget_grab_focus(parent) }
    }
}

/// How a widget sits in space larger than it needs.
public enum Align: Sendable {
    case fill, start, end, center

    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

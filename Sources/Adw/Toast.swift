import CAdw
import CGtk
import Gtk

/// `AdwToastOverlay`: shows toasts over its child, one at a time, without moving it.
public final class ToastOverlay: Widget {
    /// How a screen reader names a toast's close button, in the app's words.
    private let dismissName: String

    public init(child: Widget, dismissName: String = "Dismiss") {
        self.dismissName = dismissName
        super.init(floating: UnsafeMutableRawPointer(adw_toast_overlay_new()))
        adw_toast_overlay_set_child(OpaquePointer(pointer), child.widget)
    }

    public func show(_ toast: Toast) {
        // The overlay takes a reference of its own (transfer full): give it one.
        adw_toast_overlay_add_toast(OpaquePointer(pointer), OpaquePointer(g_object_ref(toast.pointer)))
        // The toast's widget is made as it shows: name its buttons as a screen reader should read them.
        // Toasts are the overlay's own children: the content under it is not walked.
        for widget in descendants(of: self, typeName: "AdwToastWidget", depth: 1) { nameButtonsOnce(in: widget, iconButtonName: dismissName) }
    }
}

/// `AdwToast`: a short message with an optional button ("Undo"), dismissed after a while.
public final class Toast: Object {
    /// - Parameter seconds: how long it shows; 0 keeps it until it is dismissed.
    public init(_ title: String, button: String? = nil, seconds: Int = 5) {
        super.init(owned: UnsafeMutableRawPointer(adw_toast_new(title)))
        if let button { adw_toast_set_button_label(toast, button) }
        adw_toast_set_timeout(toast, guint(seconds))
    }

    private var toast: OpaquePointer { OpaquePointer(pointer) }

    public var title: String {
        get { String(cString: adw_toast_get_title(toast)) }
        set { adw_toast_set_title(toast, newValue) }
    }

    /// Its button was pressed (the toast is then dismissed).
    @discardableResult
    public func onButtonClicked(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("button-clicked", handler)
    }

    /// It went: timed out, its button pressed, or dismissed.
    @discardableResult
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> UInt {
        on("dismissed", handler)
    }

    public func dismiss() {
        adw_toast_dismiss(toast)
    }
}

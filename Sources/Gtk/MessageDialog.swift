import CGtk

/// A modal `GtkMessageDialog` with a primary text, a secondary text and buttons of our choosing.
public final class MessageDialog: Window {
    public enum Kind {
        case info, warning, error

        var gtk: GtkMessageType {
            switch self {
            case .info: GTK_MESSAGE_INFO
            case .warning: GTK_MESSAGE_WARNING
            case .error: GTK_MESSAGE_ERROR
            }
        }
    }

    /// - Parameters:
    ///   - buttons: labels in order, each with the response id `onResponse` receives.
    ///   - defaultResponse: the button Enter activates.
    public init(parent: UnsafeMutablePointer<GtkWindow>?, kind: Kind, title: String, message: String,
                buttons: [(label: String, response: Int)], defaultResponse: Int? = nil) {
        super.init(taking: tripgtk_message_dialog_new(parent, kind.gtk, title))
        let dialog = pointer.assumingMemoryBound(to: GtkDialog.self)
        tripgtk_message_dialog_set_secondary(pointer.assumingMemoryBound(to: GtkMessageDialog.self), message)
        for (label, response) in buttons {
            let button = gtk_dialog_add_button(dialog, label, Int32(response))!
            // GTK 4.8 names dialog buttons by label and by a labelled-by relation ("Retry Retry").
            gtk_accessible_reset_relation(OpaquePointer(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            tripgtk_accessible_set_label(OpaquePointer(button), label)
        }
        if let defaultResponse { gtk_dialog_set_default_response(dialog, Int32(defaultResponse)) }
        setAccessibleLabel(title)
    }

    /// The response id of the button pressed, or a negative GTK id (closed with Escape or the window manager).
    public func onResponse(_ handler: @escaping @MainActor (Int) -> Void) {
        on("response", int: handler)
    }
}

import CAdw
import CGtk
import Gtk

/// `AdwMessageDialog`: an alert with a heading, a body and responses (Cancel, Retry), modal to its window.
public final class AlertDialog: Window {
    public enum Appearance: Sendable {
        case plain, suggested, destructive
    }

    /// - Parameters:
    ///   - responses: each response's id, label and look, in order; `defaultResponse` is Enter's,
    ///     `closeResponse` Escape's.
    /// - Parameter parent: the window it is modal to (a widget's `rootWindow`).
    public init(parent: UnsafeMutablePointer<GtkWindow>?, heading: String, body: String,
                responses: [(id: String, label: String, look: Appearance)],
                defaultResponse: String? = nil, closeResponse: String? = nil) {
        super.init(taking: adw_message_dialog_new(parent, heading, body))
        for response in responses {
            adw_message_dialog_add_response(dialog, response.id, response.label)
            let look = switch response.look {
            case .plain: ADW_RESPONSE_DEFAULT
            case .suggested: ADW_RESPONSE_SUGGESTED
            case .destructive: ADW_RESPONSE_DESTRUCTIVE
            }
            adw_message_dialog_set_response_appearance(dialog, response.id, look)
        }
        nameButtonsOnce(in: self)
        if let defaultResponse { adw_message_dialog_set_default_response(dialog, defaultResponse) }
        if let closeResponse { adw_message_dialog_set_close_response(dialog, closeResponse) }
    }

    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { pointer.assumingMemoryBound(to: AdwMessageDialog.self) }

    /// A widget under the body, such as a "Details" expander.
    public func setExtraChild(_ child: Widget) {
        adw_message_dialog_set_extra_child(dialog, child.widget)
    }

    public var heading: String {
        String(cString: adw_message_dialog_get_heading(self.dialog))
    }

    public var body: String {
        String(cString: adw_message_dialog_get_body(self.dialog))
    }

    /// Runs `handler` with the id of the response chosen; the dialog then closes.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> UInt {
        on("response", pointer: { response in
            handler(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
        })
    }

    /// Chooses `id` as if the person had (for tests and shortcuts).
    public func respond(_ id: String) {
        adw_message_dialog_response(self.dialog, id)
    }
}

import Adw
import Gtk

/// Undo as a libadwaita toast over the list, never a bar that moves it: shown while there is
/// something to undo, its words kept up to date ("Removed A and B"), gone when the offer ends.
/// The view model decides how long Undo is offered; the toast stays until it says.
@MainActor
final class UndoToast {
    let root: ToastOverlay
    private let undo: @MainActor () -> Void
    private var toast: Toast?

    init(over content: Widget, undo: @escaping @MainActor () -> Void) {
        root = ToastOverlay(child: content)
        self.undo = undo
    }

    /// Offers Undo with `message`, or takes the offer away when nil.
    func show(_ message: String?) {
        guard let message else {
            toast?.dismiss()
            toast = nil
            return
        }
        if let toast {
            toast.title = message
            return
        }
        let toast = Toast(message, button: "Undo", seconds: 0)
        toast.onButtonClicked { [weak self] in self?.undo() }
        toast.onDismissed { [weak self, weak toast] in
            if let self, self.toast === toast { self.toast = nil }
        }
        self.toast = toast
        root.show(toast)
    }
}

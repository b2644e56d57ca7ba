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
    /// What the toast said when the person closed it: not offered again until there is something
    /// else to say (another removal), else the next render would put the closed toast right back.
    private var closed: String?

    init(over content: Widget, undo: @escaping @MainActor () -> Void) {
        root = ToastOverlay(child: content)
        self.undo = undo
    }

    /// Offers Undo with `message`, or takes the offer away when nil.
    func show(_ message: String?) {
        guard let message else {
            let shown = toast
            toast = nil
            shown?.dismiss()
            closed = nil
            return
        }
        if let toast {
            toast.title = message
            return
        }
        guard message != closed else { return }
        closed = nil
        let toast = Toast(message, button: "Undo", seconds: 0)
        toast.onButtonClicked { [weak self] in self?.undo() }
        toast.onDismissed { [weak self, weak toast] in
            // Not taken away here: closed by the person.
            if let self, let toast, self.toast === toast {
                self.toast = nil
                self.closed = toast.title
            }
        }
        self.toast = toast
        root.show(toast)
    }
}

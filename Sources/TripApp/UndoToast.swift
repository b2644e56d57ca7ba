import Adw
import Gtk
import TripWords

/// Undo as a libadwaita toast over the list, never a bar that moves it: shown while there is
/// something to undo, its words kept up to date ("Removed A and B"), gone when the offer ends.
/// The view model decides how long Undo is offered; the toast stays until it says.
@MainActor
final class UndoToast {
    let root: ToastOverlay
    private let undo: @MainActor () -> Void
    private var toast: Toast?
    private let decline: @MainActor () -> Void

    /// - Parameters:
    ///   - undo: puts the removals back (its Undo button);
    ///   - decline: makes them final (the person closed it).
    init(over content: Widget, undo: @escaping @MainActor () -> Void, decline: @escaping @MainActor () -> Void) {
        // TRANSLATORS: the toast's close button, as a screen reader names it.
        root = ToastOverlay(child: content, dismissName: tr("Dismiss"))
        self.undo = undo
        self.decline = decline
    }

    /// Offers Undo with `message`, or takes the offer away when nil.
    func show(_ message: String?) {
        guard let message else {
            let shown = toast
            toast = nil
            shown?.dismiss()
            return
        }
        if let toast {
            toast.title = message
            return
        }
        let toast = Toast(message, button: tr("Undo"), seconds: 0)
        toast.onButtonClicked { [weak self] in self?.undo() }
        toast.onDismissed { [weak self, weak toast] in
            // Not taken away here: closed by the person, who declines Undo.
            if let self, self.toast === toast {
                self.toast = nil
                self.decline()
            }
        }
        self.toast = toast
        root.show(toast)
    }
}

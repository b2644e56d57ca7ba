import Gtk
import TripViewModels

/// The one way every page shows loading, content, empty and failed states.
///
/// Loading is a spinner named "Loading". A failure opens a dialog with Retry and Cancel; Retry calls
/// `retry` (which re-runs the request that failed), Cancel leaves a status message with its own
/// Retry button. When content is already on screen a failed refresh keeps it, with a notice above.
@MainActor
final class StatusView {
    let root = Box(.vertical)
    private let stack = Stack()
    private let spinner = Spinner()
    private let message: StatusMessage
    private let noticeBar: NoticeBar
    private let retry: @MainActor () -> Void
    private var shown: ScreenState?
    private var dialog: MessageDialog?

    /// - Parameter emptyAction: a button offered with the empty state, such as "Add stop".
    init(content: Widget, emptyAction: (label: String, run: @MainActor () -> Void)? = nil,
         retry: @escaping @MainActor () -> Void) {
        self.retry = retry
        message = StatusMessage(iconName: "dialog-warning-symbolic", onRetry: retry, action: emptyAction)
        noticeBar = NoticeBar(button: "Retry", style: "notice", action: retry)

        spinner.setAccessibleLabel("Loading")
        spinner.setSizeRequest(width: 48, height: 48)
        let loadingLabel = Label("Loading…")
        loadingLabel.addCSSClass("dim-label")
        let loading = Box(.vertical, spacing: 12, [spinner, loadingLabel])
        loading.halign = .center
        loading.valign = .center

        stack.addNamed(loading, name: "loading")
        stack.addNamed(content, name: "content")
        stack.addNamed(message.root, name: "message")
        stack.vexpand = true
        stack.hexpand = true

        root.append(noticeBar.root)
        root.append(stack)
    }

    /// Shows `status`; `notice` is a failure to mention above content that stays.
    func show(_ status: ScreenState, notice: UserFacingError? = nil) {
        noticeBar.show(notice.flatMap { notice in
            status == .content ? "\(notice.title). Showing what was loaded earlier. \(notice.message)" : nil
        })

        guard status != shown else { return }
        shown = status
        spinner.isSpinning = status == .loading
        switch status {
        case .loading:
            dismissDialog()
            stack.visibleChildName = "loading"
        case .content:
            dismissDialog()
            stack.visibleChildName = "content"
        case .empty(let title, let text):
            dismissDialog()
            message.show(title: title, text: text, offersAction: true, iconName: "dialog-information-symbolic")
            stack.visibleChildName = "message"
        case .failed(let failure):
            message.show(title: failure.title, text: failure.message, retryable: failure.canRetry,
                         iconName: "dialog-warning-symbolic")
            stack.visibleChildName = "message"
            presentDialog(failure)
        }
    }

    private enum Response: Int {
        case retry = 1
        case cancel = 2
    }

    private func presentDialog(_ failure: UserFacingError) {
        dismissDialog()
        let buttons: [(label: String, response: Int)] = failure.canRetry
            ? [("Cancel", Response.cancel.rawValue), ("Retry", Response.retry.rawValue)]
            : [("Close", Response.cancel.rawValue)]
        let dialog = MessageDialog(parent: root.rootWindow, kind: .error, title: failure.title,
                                   message: failure.message, buttons: buttons,
                                   defaultResponse: failure.canRetry ? Response.retry.rawValue : nil)
        dialog.onResponse { [weak self] response in
            self?.dismissDialog()
            if response == Response.retry.rawValue { self?.retry() }
        }
        self.dialog = dialog
        dialog.present()
    }

    private func dismissDialog() {
        dialog?.destroy()
        dialog = nil
    }
}

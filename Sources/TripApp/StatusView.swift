import Adw
import Gtk
import TripViewModels
import TripWords

/// The one way every page shows loading, content, empty and failed states, as libadwaita status
/// pages.
///
/// Loading is a spinner named "Loading", shown once the wait has lasted `spinnerDelay`: an answer
/// that comes sooner (the demo's, a kept one) never flashes it. A failure is
/// said once, in an alert with Retry and Cancel; Retry calls `retry` (which re-runs the request
/// that failed). Under the alert the page shows only its icon; after Cancel, one quiet status: the
/// failure's title and a Retry button.
/// The empty and failed pages' icons are Adwaita's information and warning, as PNGs of the 128 px
/// a status page shows them at (`scripts/make-icons.sh`): Adwaita's own at that size are SVGs,
/// which load librsvg (6.5 MiB resident) for the first empty Search or Favourites page.
/// When content is already on screen a failed refresh keeps it, with a notice above.
@MainActor
final class StatusView {
    let root = Box(.vertical)
    private let stack = Stack()
    private let spinner = Spinner()
    private let page = StatusPage()
    private let title = Label()
    private let details = Label()
    private let retryButton = Button(label: tr("Retry"))
    private let actionButton: Button?
    private let noticeBar: NoticeBar
    private let retry: @MainActor () -> Void
    private var shown: ScreenState?
    private var dialog: AlertDialog?
    /// Shows the spinner once loading has lasted `spinnerDelay`; cancelled when loading ends.
    private var spinnerReveal: Task<Void, Never>?

    private static let informationIcon = "tripboard-information-symbolic"
    private static let warningIcon = "tripboard-warning-symbolic"

    /// How long loading shows an empty page before the spinner.
    static let spinnerDelay = Duration.milliseconds(400)

    /// - Parameter emptyAction: a button offered with the empty state, such as "Add Stop".
    init(content: Widget, emptyAction: (label: String, run: @MainActor () -> Void)? = nil,
         retry: @escaping @MainActor () -> Void) {
        self.retry = retry
        noticeBar = NoticeBar(button: tr("Retry"), style: "notice", action: retry)

        spinner.setAccessibleLabel(tr("Loading"))
        spinner.setSizeRequest(width: 48, height: 48)
        let loadingLabel = Label(tr("Loading…"))
        loadingLabel.addCSSClass("dim-label")
        let loading = Box(.vertical, spacing: 12, [spinner, loadingLabel])
        loading.halign = .center
        loading.valign = .center

        // The title and sentence sit in a status area of their own: a screen reader announces a
        // failure or an empty page when it appears, wherever the keyboard is.
        title.addCSSClass("title-1")
        details.addCSSClass("body")
        details.addCSSClass("dim-label")
        for label in [title, details] {
            label.wraps = true
            label.justifiesCentre = true
        }
        actionButton = emptyAction.map { Button(label: $0.label) }
        var buttons = [retryButton]
        if let actionButton, let emptyAction {
            actionButton.onClicked(emptyAction.run)
            buttons.append(actionButton)
        }
        for button in buttons {
            button.halign = .center
            button.addCSSClass("pill")
            button.addCSSClass("suggested-action")
        }
        retryButton.onClicked(retry)
        page.setChild(Box(.vertical, spacing: 24, [Box(statusNamed: tr("Status"), .vertical, spacing: 12, [title, details])] + buttons))

        stack.addNamed(Box(.vertical), name: "waiting")
        stack.addNamed(loading, name: "loading")
        stack.addNamed(content, name: "content")
        stack.addNamed(page, name: "message")
        stack.vexpand = true
        stack.hexpand = true

        root.append(noticeBar.root)
        root.append(stack)
    }

    /// Shows `status`; `notice` is said above content that stays (a failed refresh, kept answers).
    func show(_ status: ScreenState, notice: ContentNotice? = nil) {
        let shownNotice = status == .content ? notice : nil
        noticeBar.show(shownNotice?.sentence, details: shownNotice?.details)

        guard status != shown else { return }
        shown = status
        spinnerReveal?.cancel()
        spinnerReveal = nil
        spinner.isSpinning = false
        switch status {
        case .loading:
            dismissDialog()
            stack.visibleChildName = "waiting"
            spinnerReveal = Task { [weak self] in
                do { try await MainLoopClock().sleep(for: Self.spinnerDelay, isolation: #isolation) } catch { return }
                guard let self else { return }
                spinner.isSpinning = true
                stack.visibleChildName = "loading"
            }
        case .content:
            dismissDialog()
            stack.visibleChildName = "content"
        case .empty(let heading, let text):
            dismissDialog()
            showMessage(heading, text, icon: Self.informationIcon, retryable: false, offersAction: true)
        case .failed(let failure):
            showMessage("", "", icon: Self.warningIcon, retryable: false, offersAction: false)
            presentDialog(failure)
        }
    }

    private func showMessage(_ heading: String, _ text: String, icon: String, retryable: Bool, offersAction: Bool) {
        page.iconName = icon
        title.text = heading
        title.isVisible = !heading.isEmpty
        details.text = text
        details.isVisible = !text.isEmpty
        retryButton.isVisible = retryable
        actionButton?.isVisible = offersAction
        stack.visibleChildName = "message"
    }

    private func presentDialog(_ failure: UserFacingError) {
        dismissDialog()
        let responses: [(id: String, label: String, look: AlertDialog.Appearance)] = failure.canRetry
            ? [("cancel", tr("Cancel"), .plain), ("retry", tr("Retry"), .suggested)]
            : [("cancel", tr("Close"), .plain)]
        let dialog = AlertDialog(parent: root.rootWindow, heading: failure.title, body: failure.message,
                                 responses: responses, defaultResponse: failure.canRetry ? "retry" : "cancel",
                                 closeResponse: "cancel")
        if let details = failure.details {
            let expander = DetailsExpander()
            expander.show(details)
            dialog.setExtraChild(expander.root)
        }
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            dismissDialog()
            if response == "retry" {
                retry()
            } else {
                showMessage(failure.title, "", icon: Self.warningIcon, retryable: failure.canRetry, offersAction: false)
            }
        }
        self.dialog = dialog
        dialog.present()
    }

    private func dismissDialog() {
        dialog?.destroy()
        dialog = nil
    }
}

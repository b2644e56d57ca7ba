import Gtk

/// A centred status: an icon, a title and a sentence, and optionally a Retry button.
/// What every page shows instead of a blank pane.
@MainActor
final class StatusMessage {
    let root = Box(.vertical, spacing: 12)
    private let icon: Image
    private var iconName: String
    private let title = Label()
    private let message = Label()
    private let retryButton = Button(label: "Retry")
    private let actionButton: Button?

    /// - Parameter action: a button offered with an empty state (e.g. "Add stop"), hidden on failures.
    init(iconName: String = "dialog-information-symbolic", onRetry: (@MainActor () -> Void)? = nil,
         action: (label: String, run: @MainActor () -> Void)? = nil) {
        actionButton = action.map { Button(label: $0.label) }
        self.iconName = iconName
        icon = Image(iconName: iconName, pixelSize: 64)
        icon.addCSSClass("dim-label")
        title.addCSSClass("status-title")
        title.wraps = true
        title.justifiesCentre = true
        message.wraps = true
        message.justifiesCentre = true
        message.addCSSClass("dim-label")
        // Title and sentence in a status area: a screen reader announces "Loading deals…" or a
        // failure when it appears, wherever the keyboard is.
        root.append(icon)
        root.append(Box(statusNamed: "Status", .vertical, spacing: 12, [title, message]))
        root.append(retryButton)
        if let actionButton, let action {
            actionButton.halign = .center
            actionButton.addCSSClass("suggested-action")
            actionButton.onClicked(action.run)
            root.append(actionButton)
        }
        retryButton.halign = .center
        retryButton.addCSSClass("suggested-action")
        retryButton.isVisible = onRetry != nil
        if let onRetry { retryButton.onClicked(onRetry) }
        root.halign = .center
        root.valign = .center
        root.setMargins(32)
        root.setSizeRequest(width: 360, height: -1)
    }

    /// Shows `title` and `text` (with another icon, if given); the Retry button only when `retryable`.
    /// `offersAction` shows the action button given at creation (for an empty state).
    func show(title: String, text: String, retryable: Bool = false, offersAction: Bool = false, iconName: String? = nil) {
        if let iconName, iconName != self.iconName {
            self.iconName = iconName
            icon.iconName = iconName
        }
        self.title.text = title
        message.text = text
        retryButton.isVisible = retryable
        actionButton?.isVisible = offersAction
    }
}

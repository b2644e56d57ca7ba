import Gtk

/// A strip above a page's content: a sentence and at most one button (Retry, Dismiss, Undo).
/// Hidden while it has nothing to say.
@MainActor
final class NoticeBar {
    let root = Box(.horizontal, spacing: 12)
    private let text = Label()

    /// - Parameter style: the CSS class that colours it ("notice" for problems, "undo-bar").
    init(button: String? = nil, style: String, action: @escaping @MainActor () -> Void = {}) {
        text.wraps = true
        text.xalign = 0
        text.hexpand = true
        root.append(text)
        if let button {
            let press = Button(label: button)
            press.onClicked(action)
            root.append(press)
        }
        root.addCSSClass(style)
        root.isVisible = false
    }

    /// Shows `message`, or hides the bar when it is nil.
    func show(_ message: String?) {
        if let message { text.text = message }
        root.isVisible = message != nil
    }
}

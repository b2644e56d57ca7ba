import Gtk
import TripWords

/// A strip above a page's content: a sentence, the technical part behind "Details", and at most
/// one button (Retry, Dismiss). Hidden while it has nothing to say.
@MainActor
final class NoticeBar {
    let root = Box(.horizontal, spacing: 12)
    private let text = Label()
    private let details = DetailsExpander()

    /// - Parameter style: the CSS class that colours it ("notice" for problems, "undo-bar").
    init(button: String? = nil, style: String, action: @escaping @MainActor () -> Void = {}) {
        text.wraps = true
        text.xalign = 0
        // A status region: a screen reader says the notice when it appears ("Offline — showing…").
        let words = Box(statusNamed: tr("Notice"), .vertical, spacing: 4, [text, details.root])
        words.hexpand = true
        root.append(words)
        if let button {
            let press = Button(label: button)
            press.onClicked(action)
            root.append(press)
        }
        root.addCSSClass(style)
        root.isVisible = false
    }

    /// Shows `message` (with `details` behind "Details"), or hides the bar when it is nil.
    func show(_ message: String?, details: String? = nil) {
        if let message { text.text = message }
        self.details.show(message == nil ? nil : details)
        root.isVisible = message != nil
    }
}

/// "Details", closed, over the technical part of a message (selectable, to quote in a report);
/// hidden when there is none. A toggle button rather than a `GtkExpander`, whose GTK 4.8 title
/// offers a screen reader nothing to press.
@MainActor
struct DetailsExpander {
    let root = Box(.vertical, spacing: 4)
    private let toggle = ToggleButton(label: tr("Details"))
    private let text = Label()

    init() {
        toggle.addCSSClass("flat")
        toggle.halign = .start
        text.wraps = true
        text.xalign = 0
        text.isSelectable = true
        text.addCSSClass("dim-label")
        text.isVisible = false
        root.append(toggle)
        root.append(text)
        root.isVisible = false
        toggle.onToggled { [text] open in text.isVisible = open }
    }

    func show(_ details: String?) {
        if let details, details != text.text {
            text.text = details
            toggle.isActive = false
        }
        root.isVisible = details != nil
    }
}

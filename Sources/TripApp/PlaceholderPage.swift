import Gtk

/// A tab whose feature is not built yet: says plainly what it will hold.
@MainActor
final class PlaceholderPage {
    let root: Widget

    init(iconName: String, title: String, message: String) {
        let status = StatusMessage(iconName: iconName)
        status.show(title: title, text: message)
        root = status.root
    }
}

import Adw
import Gtk
import TripViewModels
import TripWords

/// The welcome a new data folder opens on: the app's icon, a heading, what Tripboard does, three
/// large choices and a note on where the data comes from. A page of the window, not a dialog.
@MainActor
final class WelcomePage {
    let root: ScrolledWindow
    private let note = Label()
    private let searchCoaches: Button

    /// - Parameter choose: runs with the person's choice (the window goes there).
    init(model: WelcomeViewModel, choose: @escaping @MainActor (WelcomeViewModel.Choice) -> Void) {
        let icon = Image(iconName: TripboardApp.applicationID, pixelSize: 128)
        icon.setAccessibleLabel("Tripboard")
        let heading = Label(heading: tr("Welcome to Tripboard"))
        heading.addCSSClass("title-1")
        heading.wraps = true
        heading.justifiesCentre = true
        let summary = Label(tr("Holiday deals, coach departures, and the next buses and trams at your stops."))
        summary.wraps = true
        summary.justifiesCentre = true

        func choice(_ title: String, _ line: String, icon: String, _ chosen: WelcomeViewModel.Choice) -> Button {
            let name = Label(title)
            name.addCSSClass("heading")
            let detail = Label(line)
            detail.addCSSClass("dim-label")
            detail.wraps = true
            detail.justifiesCentre = true
            let content = Box(.vertical, spacing: 6, [Image(iconName: icon, pixelSize: 32), name, detail])
            content.setMargins(12)
            let button = Button(child: content, accessibleLabel: title)
            button.tooltip = line
            button.addCSSClass("card")
            button.hexpand = true
            button.onClicked { choose(chosen) }
            return button
        }
        searchCoaches = choice(tr("Search coaches"), tr("One-way coach departures between two cities"),
                               icon: "system-search-symbolic", .searchCoaches)
        let choices = Box(.horizontal, spacing: 12, [
            searchCoaches,
            choice(tr("Add stops"), tr("The next buses in London and trams in Melbourne"), icon: "starred-symbolic", .addStops),
            choice(tr("Browse deals"), tr("Holiday deals by destination"), icon: "weather-clear-symbolic", .browseDeals),
        ])
        choices.homogeneous = true

        note.wraps = true
        note.xalign = 0
        note.hexpand = true
        let settings = Button(label: tr("Settings"))
        settings.valign = .center
        settings.onClicked { choose(.settings) }
        let noteBar = Box(.horizontal, spacing: 12, [Image(iconName: "dialog-information-symbolic", pixelSize: 16), note, settings])
        noteBar.setMargins(12)
        let noteCard = Box(.vertical, spacing: 0, [noteBar])
        noteCard.addCSSClass("card")

        let content = Box(.vertical, spacing: 18, [icon, heading, summary, choices, noteCard])
        content.valign = .center
        content.setMargins(top: 36, bottom: 36, start: 24, end: 24)
        root = ScrolledWindow(Clamp(child: content, maximumSize: 720))
        observe { [weak self, weak model] in
            guard let self, let model else { return }
            note.text = model.sourceNote
        }
    }

    /// The first choice takes the keyboard focus, so Enter searches coaches and Tab walks the rest.
    func focus() {
        searchCoaches.grabFocus()
    }
}

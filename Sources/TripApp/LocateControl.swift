import Gtk
import TripViewModels
import TripWords

/// The map's "Locate me": the button, a spinner named "Locating" while it asks, and, when no
/// position came, why, in plain words beneath. A fix moves the map through `recentre`, once.
@MainActor
final class LocateControl {
    let root = Box(.vertical, spacing: 6)
    private let model: LocateViewModel
    private let button = Button(iconName: "find-location-symbolic", accessibleLabel: tr("Locate me"))
    private let spinner = Spinner()
    private let message = Label()
    private let recentre: @MainActor (LocateViewModel.Destination) -> Void
    /// The fix the map last went to, so that drawing again does not move it again.
    private var shownDestination: Int?

    init(model: LocateViewModel, recentre: @escaping @MainActor (LocateViewModel.Destination) -> Void) {
        self.model = model
        self.recentre = recentre
        shownDestination = model.destination?.number
        button.tooltip = tr("Locate me")
        spinner.setAccessibleLabel(tr("Locating"))
        message.addCSSClass("map-hint")
        message.wraps = true
        message.xalign = 0
        root.append(Box(.horizontal, spacing: 6, [button, spinner]))
        root.append(message)
        root.halign = .start
        root.valign = .start
        root.setMargins(8)
        button.onClicked { [model] in model.locate() }
        // Leaving the map stops the asking: a fix would move a map nobody sees.
        root.onUnmap { [model] in model.cancel() }
        observe { [weak self] in self?.render() }
    }

    private func render() {
        button.isSensitive = !model.isLocating
        spinner.isVisible = model.isLocating
        spinner.isSpinning = model.isLocating
        message.text = model.message ?? ""
        message.isVisible = model.message != nil
        if let destination = model.destination, destination.number != shownDestination {
            shownDestination = destination.number
            recentre(destination)
        }
    }
}

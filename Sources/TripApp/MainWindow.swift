import Gtk
import TripViewModels

/// The one window: a header bar whose tabs switch between Deals, Search, Favourites and Settings.
@MainActor
final class MainWindow {
    let window: ApplicationWindow
    private let deals: DealsPage
    private let search: SearchPage
    private let favourites: FavouritesPage
    private let placeholders: [PlaceholderPage]

    init(application: Application, services: Services) {
        window = ApplicationWindow(application: application)
        window.title = "Tripboard"
        window.setDefaultSize(width: 960, height: 720)

        deals = DealsPage(model: DealsViewModel(service: services.deals), images: services.images)
        search = SearchPage(model: SearchViewModel(searching: services.departures))
        let favouritesModel = FavouritesViewModel(store: services.store, services: services.stops,
                                                  clock: ContinuousClock())
        favourites = FavouritesPage(model: favouritesModel, search: StopSearchViewModel(
            services: services.stops, favourites: favouritesModel, clock: ContinuousClock()))
        let settings = PlaceholderPage(
            iconName: "emblem-system-symbolic", title: "Settings are on their way",
            message: "This tab will choose between the built-in demo and live services, and hold "
                + "credentials, defaults and the refresh interval. Until then, Tripboard uses the demo.")
        placeholders = [settings]

        let stack = Stack()
        stack.transitionsCrossfade = true
        stack.addTitled(deals.root, name: "deals", title: "Deals")
        stack.addTitled(search.root, name: "search", title: "Search")
        stack.addTitled(favourites.root, name: "favourites", title: "Favourites")
        stack.addTitled(settings.root, name: "settings", title: "Settings")

        let header = HeaderBar()
        header.setTitleWidget(StackSwitcher(stack: stack))
        window.setTitlebar(header)
        window.setChild(stack)
        window.onMinimisedChanged { [weak self] minimised in self?.favourites.windowMinimised(minimised) }
    }
}

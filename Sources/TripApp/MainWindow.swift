import Gtk
import TripCore
import TripViewModels

/// The one window: a header bar whose tabs switch between Deals, Search, Favourites and Settings.
@MainActor
final class MainWindow {
    let window: ApplicationWindow
    private let deals: DealsPage
    private let search: SearchPage
    private let favourites: FavouritesPage
    private let settings: SettingsPage
    private let appearance: AppearanceFollower

    init(application: Application, runtime: Runtime) {
        window = ApplicationWindow(application: application)
        window.title = "Tripboard"
        window.setDefaultSize(width: 960, height: 720)

        let (current, notice) = runtime.settingsNow()
        let settingsModel = SettingsViewModel(
            settings: current, notice: notice, store: runtime.settingsStore, clock: ContinuousClock(),
            systemClock: DesktopSettings.clockFormat,
            locations: (runtime.directories.data.path, runtime.directories.cache.path), cache: runtime.cache,
            makeServices: { Services(settings: $0, runtime: runtime).set },
            testConnection: { service, settings throws(APIError) in
                try await Services(settings: settings, runtime: runtime).testConnection(service, now: runtime.now())
            })
        let services = Services(settings: current, runtime: runtime)
        let clock = settingsModel.clockFormat

        let dealsModel = DealsViewModel(service: services.deals, now: runtime.now)
        let searchModel = SearchViewModel(searching: services.departures,
                                          initial: current.searchDefaults(today: runtime.today))
        searchModel.clockFormat = clock
        let favouritesModel = FavouritesViewModel(store: runtime.database, services: services.stops,
                                                  clock: ContinuousClock(), now: runtime.now,
                                                  refreshInterval: current.refreshInterval)
        favouritesModel.clockFormat = clock
        let stopSearch = StopSearchViewModel(services: services.stops, favourites: favouritesModel, clock: ContinuousClock())
        appearance = AppearanceFollower()
        appearance.apply(current.appearance)
        for follower: any SettingsFollower in [dealsModel, searchModel, favouritesModel, stopSearch, appearance] {
            settingsModel.add(follower)
        }

        deals = DealsPage(model: dealsModel, images: runtime.images)
        search = SearchPage(model: searchModel)
        favourites = FavouritesPage(model: favouritesModel, search: stopSearch)
        settings = SettingsPage(model: settingsModel)

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

/// Light or dark, as the Appearance setting says (following the desktop's colour scheme by default).
@MainActor
final class AppearanceFollower: SettingsFollower {
    func apply(_ appearance: Appearance) {
        DesktopSettings.setPreferDark(appearance == .dark || (appearance == .system && DesktopSettings.prefersDark))
    }

    func follow(_ settings: Settings, services: ServiceSet, changed: SettingKey, clock: ClockFormat?) {
        if changed == .appearance { apply(settings.appearance) }
    }
}

import Gtk
import TripCore
import TripViewModels

/// The one window: a header bar whose tabs switch between Deals, Search, Favourites and Settings.
@MainActor
final class MainWindow {
    let window: ApplicationWindow
    private var deals: DealsPage?
    private var search: SearchPage?
    private var favourites: FavouritesPage?
    private var settings: SettingsPage?
    private let appearance: AppearanceFollower
    /// The tabs' places in the stack; each page is built the first time its tab is shown.
    private var tabs: [LazyTab] = []

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

        let images = runtime.images
        tabs = [
            LazyTab(name: "deals", title: "Deals") { [unowned self] in
                let page = DealsPage(model: dealsModel, images: images)
                deals = page
                return page.root
            },
            LazyTab(name: "search", title: "Search") { [unowned self] in
                let page = SearchPage(model: searchModel)
                search = page
                return page.root
            },
            LazyTab(name: "favourites", title: "Favourites") { [unowned self] in
                let page = FavouritesPage(model: favouritesModel, search: stopSearch)
                favourites = page
                return page.root
            },
            LazyTab(name: "settings", title: "Settings") { [unowned self] in
                let page = SettingsPage(model: settingsModel)
                settings = page
                return page.root
            },
        ]

        let stack = Stack()
        stack.transitionsCrossfade = true
        for tab in tabs { stack.addTitled(tab.root, name: tab.name, title: tab.title) }

        let header = HeaderBar()
        header.setTitleWidget(StackSwitcher(stack: stack))
        window.setTitlebar(header)
        window.setChild(stack)
        window.onMinimisedChanged { [weak self] minimised in self?.favourites?.windowMinimised(minimised) }
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

/// A tab whose page is built the first time the tab is shown, so that start-up builds only the
/// page on screen.
@MainActor
final class LazyTab {
    let name: String
    let title: String
    let root = Box(.vertical, spacing: 0)
    private var build: (() -> Widget)?

    init(name: String, title: String, build: @escaping () -> Widget) {
        self.name = name
        self.title = title
        self.build = build
        root.onMap { [weak self] in
            guard let self, let build = self.build else { return }
            self.build = nil
            let page = build()
            page.hexpand = true
            page.vexpand = true
            root.append(page)
        }
    }
}


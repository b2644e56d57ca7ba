import Adw
import Desktop
import Gtk
import TripCore
import TripViewModels
import TripWiring
import TripWords

/// The one window: a header bar whose view switcher goes between Deals, Search, Favourites and
/// Settings (at the bottom when the window is too narrow for it at the top, or while a drill-down
/// page has the top), with the main menu at its end; the welcome in place of the tabs until a new
/// person chooses where to start.
@MainActor
final class MainWindow {
    let window: AdaptiveWindow
    /// The pages built so far, kept for as long as the window (their widgets hold them weakly).
    private var pages: [AnyObject] = []
    private var search: SearchPage?
    private var favourites: FavouritesPage?
    private let appearance: AppearanceFollower
    private let mapBackground: MapBackground
    /// The tabs' places in the stack; each page is built the first time its tab is shown.
    private var tabs: [LazyTab] = []
    private let stack = ViewStack()
    private let commands: Commands
    /// GIO's word on the network: back, and the tab on screen asks again.
    private let network = NetworkMonitor.systemDefault()
    private let header = Adw.HeaderBar()
    private let switcher: ViewSwitcherTitle
    /// A drill-down page's title and Back, in the header bar in place of the tabs.
    private let drillTitle = WindowTitle(title: "")
    private let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: tr("Back"))
    /// Whether the header bar shows a title (the welcome's or a drill-down page's) in place of the tabs.
    private var showsTitle = false
    /// The tabs at the bottom: when the window is too narrow for them at the top, and while a
    /// drill-down page's title has their place, so that they stay one click (and one name) away.
    private let bottom: ViewSwitcherBar
    private var isNarrow = false
    /// The board's controls, packed at the header bar's end once the Favourites tab is built.
    private var boardControls: Widget?
    /// The welcome, or the tabs.
    private let content = Stack()
    private let welcome: WelcomeViewModel
    /// The welcome while it shows.
    private var welcomePage: WelcomePage?
    private let runtime: Runtime
    /// The alerts set with "Notify me", followed whether or not a tab shows them.
    let alerts: AlertsViewModel
    private var notifier: AlertNotifier?
    /// The shared memory the window's frames went through, given back when it rests.
    private let drawingMemory: DrawingMemory

    /// - Parameter tab: the tab to show first; the one the window was left on when nil.
    init(application: Application, runtime: Runtime, tab: Tab? = nil) {
        self.runtime = runtime
        window = AdaptiveWindow(application: application)
        window.title = "Tripboard"
        let (current, state, notice) = runtime.settingsNow()
        window.setDefaultSize(width: state.width, height: state.height)
        if state.isMaximised { window.maximise() }

        let settingsModel = SettingsViewModel(
            settings: current, notice: notice, store: runtime.settingsStore, clock: MainLoopClock(),
            systemClock: DesktopSettings.clockFormat,
            locations: (runtime.directories.data.path, runtime.directories.cache.path), cache: runtime.cache,
            makeServices: { Clients(settings: $0, runtime: runtime).set },
            testConnection: { service, settings throws(APIError) in
                try await Clients(settings: settings, runtime: runtime).testConnection(service)
            })
        let services = Clients(settings: current, runtime: runtime)
        let clock = settingsModel.clockFormat

        let dealsModel = DealsViewModel(service: services.deals, now: runtime.now)
        let searchModel = SearchViewModel(searching: services.departures,
                                          initial: current.searchDefaults(today: runtime.today),
                                          today: { runtime.today }, now: runtime.now)
        searchModel.clockFormat = clock
        dealsModel.clockFormat = clock
        let favouritesModel = FavouritesViewModel(store: runtime.database, services: services.stops,
                                                  clock: MainLoopClock(), now: runtime.now,
                                                  refreshInterval: current.refreshInterval, undoWindow: runtime.undoWindow)
        favouritesModel.clockFormat = clock
        alerts = AlertsViewModel(store: runtime.database, services: services.stops, clock: MainLoopClock(), now: runtime.now,
                                 refreshInterval: current.refreshInterval, defaultMinutes: current.alertMinutes)
        alerts.clockFormat = clock
        let stopSearch = StopSearchViewModel(services: services.stops, favourites: favouritesModel.list,
                                             clock: MainLoopClock())
        let stopMap = MapViewModel(services: services.stops, favourites: favouritesModel.list, clock: MainLoopClock())
        mapBackground = MapBackground(settings: current)
        stopMap.locating = LocateViewModel(locator: GeoClueLocator(desktopID: TripboardApp.applicationID), clock: MainLoopClock())
        appearance = AppearanceFollower()
        welcome = WelcomeViewModel(isShown: !state.welcomed && tab == nil, settings: current) { [window] tab in
            // Saved at once: the choice is the person's, whether or not the window closes cleanly.
            Self.save(window, tab: tab, welcomed: true, runtime: runtime)
        }
        commands = Commands(deals: dealsModel, search: searchModel, favourites: favouritesModel)
        FreedMemory.follow(searchModel, favourites: favouritesModel.cycle)
        drawingMemory = DrawingMemory(window: window)
        switcher = ViewSwitcherTitle(title: "Tripboard", accessibleLabel: tr("Tabs"))
        bottom = ViewSwitcherBar(stack: stack, accessibleLabel: tr("Tabs"))
        appearance.apply(current.appearance)
        for follower: any SettingsFollower in [dealsModel, searchModel, favouritesModel, alerts, stopSearch, stopMap, mapBackground,
                                               appearance, welcome] {
            settingsModel.add(follower)
        }

        let images = runtime.images
        let frameLog = FrameLog(path: runtime.environment["TRIPBOARD_FRAME_LOG"])
        frameLog?.watch(window)
        tabs = Tab.allCases.map { tab in
            LazyTab(tab) { [unowned self] in
                let (page, root): (AnyObject, Widget)
                switch tab {
                case .deals:
                    let deals = DealsPage(model: dealsModel, images: images)
                    (page, root) = (deals, deals.root)
                case .search:
                    let search = SearchPage(model: searchModel, mapBackground: mapBackground)
                    frameLog?.watch(searchModel, scrolling: search.scroller)
                    self.search = search
                    (page, root) = (search, search.root)
                case .favourites:
                    let favourites = FavouritesPage(model: favouritesModel, alerts: alerts, search: stopSearch, map: stopMap,
                                                    background: mapBackground)
                    frameLog?.watch(stopMap, panning: favourites.stopsMap)
                    self.favourites = favourites
                    boardControls = favourites.boardControls
                    header.packEnd(favourites.boardControls)
                    (page, root) = (favourites, favourites.root)
                case .settings:
                    let settings = SettingsPage(model: settingsModel)
                    (page, root) = (settings, settings.root)
                }
                pages.append(page)
                return root
            }
        }

        backButton.tooltip = tr("Back (Esc)")
        backButton.onClicked { [unowned self] in commands.back(shownTab) }
        header.packStart(backButton)
        header.packEnd(mainMenu())
        drillTitle.isVisible = false
        drillTitle.hexpand = true
        switcher.hexpand = true
        header.setTitleWidget(Box(.horizontal, spacing: 0, [switcher, drillTitle]))
        for tab in tabs { stack.add(tab.root, name: tab.tab.rawValue, title: tab.tab.displayName, icon: tab.tab.icon) }
        switcher.show(stack)
        stack.visibleChildName = (tab ?? state.tab).rawValue

        switcher.onShowsTitleOnlyChanged { [unowned self] narrow in
            guard !showsTitle else { return }  // hidden under a title, it has no width to judge by
            isNarrow = narrow
            renderHeader()
        }
        content.vexpand = true
        content.addNamed(stack, name: "tabs")
        // The header bar drawn once and replayed (`DrawnOnce`): a frame that redraws a tab's
        // countdown does not draw each of its tabs' icons and labels again.
        window.setContent(Box(.vertical, spacing: 0, [DrawnOnce(header), content, bottom]))
        stack.onVisibleChildChanged { [unowned self] _ in renderHeader() }
        observe { [weak self] in self?.renderHeader() }
        window.onMinimisedChanged { [weak self] minimised in self?.favourites?.windowMinimised(minimised) }
        addShortcuts()
        network.onChanged { [weak self] available in self?.commands.networkChanged(available: available, self?.shownTab) }
        window.onCloseRequest { [unowned self] in
            Self.save(window, tab: shownTab ?? state.tab, welcomed: !welcome.isShown, runtime: runtime)
            return keepRunningForAlerts()
        }
        notifier = AlertNotifier(application: application, alerts: alerts, allowed: { [unowned settingsModel] in settingsModel.settings.alertsNotify },
                                 now: runtime.now, openBoard: { [unowned self] stop in
            favouritesModel.openBoard(stop)
            show(.favourites)
            window.present()
        })
        Task { [alerts] in await alerts.load() }
    }

    /// Closing the window while alerts are followed hides it instead, and says so once: the app
    /// runs on until they have all ended (or are cancelled), then closes for good. False when
    /// there are none, and the window closes.
    private func keepRunningForAlerts() -> Bool {
        let active = alerts.alerts.filter(\.isActive).count
        guard active > 0 else { return false }
        window.isVisible = false
        notifier?.sayKeptRunning(count: active)
        observe { [weak self] in
            guard let self, !alerts.hasActive, !window.isVisible else { return }
            alerts.stop()
            window.destroy()
        }
        return true
    }

    /// Ctrl+Q: quits, after asking when alerts are still followed (they are kept, and followed
    /// again at the next start while still due).
    private func quit() {
        let active = alerts.alerts.filter(\.isActive).count
        let leave = { [unowned self] in
            Self.save(window, tab: shownTab ?? .deals, welcomed: !welcome.isShown, runtime: runtime)
            alerts.stop()
            window.destroy()
        }
        guard active > 0 else { return leave() }
        let dialog = AlertDialog(parent: window.rootWindow, heading: tr("Quit Tripboard?"),
                                 body: trn("Your alert is kept, but nothing is said until Tripboard starts again.",
                                           "Your %1$ld alerts are kept, but nothing is said until Tripboard starts again.", active).filled(active),
                                 responses: [("cancel", tr("Cancel"), .plain), ("quit", tr("Quit"), .destructive)],
                                 defaultResponse: "cancel", closeResponse: "cancel")
        dialog.onResponse { response in if response == "quit" { leave() } }
        dialog.present()
    }

    /// Saves how the window is left: its size, the tab it shows, whether the welcome is done.
    private static func save(_ window: AdaptiveWindow, tab: Tab, welcomed: Bool, runtime: Runtime) {
        var state = WindowState()
        (state.width, state.height) = window.defaultSize
        state.isMaximised = window.isMaximised
        state.tab = tab
        state.welcomed = welcomed
        runtime.settingsStore.saveWindowStateNow(state)
    }

    /// Shows `tab`: a choice of where to go, so the welcome gives way to it.
    func show(_ tab: Tab) {
        welcome.leave(for: tab)
        stack.visibleChildName = tab.rawValue
        renderHeader()
    }

    /// A choice on the welcome: its tab, with Search's form focused or Add Stop open.
    private func choose(_ choice: WelcomeViewModel.Choice) {
        show(welcome.choose(choice))
        switch choice {
        case .searchCoaches: search?.focusForm()
        case .addStops: commands.addStop()
        case .browseDeals, .settings: break
        }
    }

    /// The main menu at the header bar's end (F10): the welcome again, the shortcuts, About.
    private func mainMenu() -> Widget {
        window.addAction("show-welcome") { [unowned self] in
            welcome.show()
            renderHeader()
        }
        window.addAction("show-help-overlay") { [unowned self] in showShortcuts() }
        window.addAction("about") { [unowned self] in
            AboutTripboard.window(transientFor: window, registry: runtime.registry, background: mapBackground).present()
        }
        let menu = Menu(sections: [
            [(tr("Show Welcome"), "win.show-welcome")],
            [(tr("Keyboard Shortcuts"), "win.show-help-overlay"), (tr("About Tripboard"), "win.about")],
        ])
        return MenuButton(iconName: "open-menu-symbolic", accessibleLabel: tr("Main menu"), menu: menu, isPrimary: true)
    }

    private func showShortcuts() {
        // TRANSLATORS: the shortcuts window's title, and the names of its search button and field and of its sections button.
        let words = ShortcutsWindow.Words(title: tr("Keyboard Shortcuts"), search: tr("Search shortcuts"), sections: tr("Sections"))
        ShortcutsWindow(groups: Self.shortcuts, words: words, transientFor: window).present()
    }

    private var shownTab: Tab? { stack.visibleChildName.flatMap(Tab.init(rawValue:)) }

    /// The window for where the person is: the welcome (titled "Tripboard", no tabs), or the tabs
    /// with the header bar showing the tab's drill-down page's title with Back, or the tabs.
    /// Reads the welcome and every tab's drill-down, so that observing it sees each change.
    private func renderHeader() {
        let welcoming = welcome.isShown
        let drillDowns = Tab.allCases.map { ($0, commands.drillDown($0)) }
        let drillDown = welcoming ? nil : drillDowns.first { $0.0 == shownTab }?.1
        backButton.isVisible = drillDown != nil
        boardControls?.isVisible = !welcoming && shownTab == .favourites && commands.favourites.board != nil
        if let drillDown {
            drillTitle.title = drillDown.title
            drillTitle.subtitle = drillDown.subtitle
            drillTitle.tooltip = [drillDown.title, drillDown.subtitle].filter { !$0.isEmpty }.joined(separator: "\n")
        } else if welcoming {
            (drillTitle.title, drillTitle.subtitle, drillTitle.tooltip) = ("Tripboard", "", nil)
        }
        let titled = welcoming || drillDown != nil
        if showsTitle != titled {
            showsTitle = titled
            // Shown and hidden, never taken out and put back: GTK 4.8 leaves a reparented
            // widget's old accessible objects behind, pressing which does nothing.
            drillTitle.isVisible = showsTitle
            switcher.isVisible = !showsTitle
        }
        bottom.isRevealed = !welcoming && (isNarrow || drillDown != nil)
        showWelcome(welcoming)
    }

    /// The welcome is built when it shows and taken out when it goes: GTK 4.8 would go on reporting
    /// a hidden page as on screen to assistive technologies, and a screen reader would find it.
    private func showWelcome(_ shown: Bool) {
        guard shown != (welcomePage != nil) else { return }
        if shown {
            let page = WelcomePage(model: welcome) { [unowned self] in choose($0) }
            content.addNamed(page.root, name: "welcome")
            content.visibleChildName = "welcome"
            welcomePage = page
            page.focus()
        } else if let page = welcomePage {
            content.visibleChildName = "tabs"
            content.remove(page.root)
            welcomePage = nil
        }
    }

    /// The keyboard shortcuts, as the shortcuts window lists them.
    static var shortcuts: [(title: String, shortcuts: [ShortcutsWindow.Shortcut])] {
        [
            (tr("Tabs"), [
                .init("<Alt>1", Tab.deals.displayName), .init("<Alt>2", Tab.search.displayName),
                .init("<Alt>3", Tab.favourites.displayName), .init("<Alt>4 <Control>comma", Tab.settings.displayName),
            ]),
            // TRANSLATORS: the shortcuts that work on every tab.
            (tr("Everywhere"), [
                .init("F5 <Control>r", tr("Refresh this tab")), .init("<Control>f", tr("Search departures")),
                .init("<Control>n", tr("Add a favourite stop")), .init("Escape <Alt>Left", tr("Back from details, a stop’s board or Add Stop")),
                .init("F1 <Control>question", tr("Keyboard shortcuts")), .init("F10", tr("Main menu")), .init("<Control>q", tr("Quit")),
            ]),
        ]
    }

    private func addShortcuts() {
        for (index, tab) in Tab.allCases.enumerated() {
            window.addShortcut("<Alt>\(index + 1)", beforeChildren: true) { [unowned self] in show(tab) }
        }
        window.addShortcut("<Control>comma", beforeChildren: true) { [unowned self] in show(.settings) }
        window.addShortcut("F5|<Control>r", beforeChildren: true) { [unowned self] in commands.refresh(shownTab) }
        window.addShortcut("<Control>f", beforeChildren: true) { [unowned self] in
            show(.search)
            search?.focusForm()
        }
        window.addShortcut("<Control>n", beforeChildren: true) { [unowned self] in
            show(.favourites)
            commands.addStop()
        }
        // After the focused control: an open drop-down or dialog closes on Escape first.
        window.addShortcut("Escape") { [unowned self] in commands.back(shownTab) }
        window.addShortcut("<Alt>Left", beforeChildren: true) { [unowned self] in commands.back(shownTab) }
        window.addShortcut("F1|<Control>question", beforeChildren: true) { [unowned self] in showShortcuts() }
        window.addShortcut("<Control>q", beforeChildren: true) { [unowned self] in quit() }
    }
}

/// What a keyboard shortcut asks of the tab on screen.
@MainActor
struct Commands {
    let deals: DealsViewModel
    let search: SearchViewModel
    let favourites: FavouritesViewModel

    /// F5: the tab's data again (a search runs again; Settings has nothing to refresh).
    func refresh(_ tab: Tab?) {
        switch tab {
        case .deals: deals.refresh()
        case .search: search.retry()
        case .favourites: favourites.refresh()
        case .settings, nil: break
        }
    }

    /// GIO says the network changed: when it is there and the tab shows answers kept from earlier
    /// or a failure, the tab asks again, with no click.
    func networkChanged(available: Bool, _ tab: Tab?) {
        guard available else { return }
        let waiting = switch tab {
        case .deals: deals.awaitsNetwork
        case .search: search.awaitsNetwork
        case .favourites: favourites.awaitsNetwork
        case .settings, nil: false
        }
        if waiting { refresh(tab) }
    }

    func addStop() {
        favourites.openAddStop()
    }

    /// The drill-down page open on `tab`, if any.
    func drillDown(_ tab: Tab?) -> DrillDown? {
        switch tab {
        case .search: search.drillDown
        case .favourites: favourites.drillDown
        case .deals, .settings, nil: nil
        }
    }

    /// Escape: back from a departure's details, a stop's board or adding a stop.
    func back(_ tab: Tab?) {
        switch tab {
        case .search: search.closeDetails()
        case .favourites: favourites.back()
        case .deals, .settings, nil: break
        }
    }
}

/// Light or dark, as the Appearance setting says; by default the desktop's colour scheme, followed
/// live as it changes (libadwaita's style manager watches it).
@MainActor
final class AppearanceFollower: SettingsFollower {
    func apply(_ appearance: Appearance) {
        StyleManager.shared.scheme = switch appearance {
        case .system: .followDesktop
        case .light: .light
        case .dark: .dark
        }
    }

    func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        if changed == .appearance { apply(settings.appearance) }
    }
}

/// A tab whose page is built the first time the tab is shown, so that start-up builds only the
/// page on screen.
@MainActor
final class LazyTab {
    let tab: Tab
    let root = Box(.vertical, spacing: 0)
    private var build: (() -> Widget)?

    init(_ tab: Tab, build: @escaping () -> Widget) {
        self.tab = tab
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


extension Tab {
    /// Its name in the view switcher and the shortcuts window, in the person's language ("Deals").
    var displayName: String {
        switch self {
        case .deals: tr("Deals")
        case .search: tr("Search")
        case .favourites: tr("Favourites")
        case .settings: tr("Settings")
        }
    }

    /// The symbolic icon beside its name in the view switcher.
    var icon: String {
        switch self {
        case .deals: "weather-clear-symbolic"
        case .search: "system-search-symbolic"
        case .favourites: "starred-symbolic"
        case .settings: "emblem-system-symbolic"
        }
    }
}

import Testing
import TripCore
@testable import TripViewModels
import TestSupport

/// The welcome: shown until a choice, the choice remembered once, and what it says about the demo.
@MainActor
struct WelcomeViewModelTests {
    final class Remembered {
        var tabs: [Tab] = []
    }

    @Test func eachChoiceOpensItsTabAndIsRememberedOnce() {
        for (choice, tab) in [(WelcomeViewModel.Choice.searchCoaches, Tab.search), (.addStops, .favourites),
                              (.browseDeals, .deals), (.settings, .settings)] {
            let remembered = Remembered()
            let welcome = WelcomeViewModel(isShown: true, settings: Settings()) { remembered.tabs.append($0) }
            #expect(welcome.choose(choice) == tab)
            #expect(!welcome.isShown)
            welcome.leave(for: .deals)  // showing another tab later is no second choice
            #expect(remembered.tabs == [tab], "\(choice)")
        }
    }

    /// A tab shown another way (Alt+2, a second launch's --tab) ends the welcome, as a choice does;
    /// "Show Welcome" brings it back until the next one.
    @Test func aTabShownAnotherWayEndsItAndShowWelcomeBringsItBack() {
        let remembered = Remembered()
        let welcome = WelcomeViewModel(isShown: true, settings: Settings()) { remembered.tabs.append($0) }
        welcome.leave(for: .search)
        #expect(!welcome.isShown && remembered.tabs == [.search])
        welcome.show()
        #expect(welcome.isShown)
        welcome.choose(.browseDeals)
        #expect(remembered.tabs == [.search, .deals])
    }

    @Test func aFolderAlreadyWelcomedRemembersNothing() {
        let remembered = Remembered()
        let welcome = WelcomeViewModel(isShown: false, settings: Settings()) { remembered.tabs.append($0) }
        welcome.leave(for: .favourites)
        #expect(remembered.tabs.isEmpty)
    }

    /// The note says the demo when every service is on it, and names the live ones otherwise.
    @Test func theNoteSaysWhichServicesAreLive() {
        let demo = WelcomeViewModel(isShown: true, settings: Settings()) { _ in }
        #expect(demo.sourceNote.contains("built-in demo service: no network and no keys are needed"))
        let live = Settings(saved: [.busbudSource: "live", .busbudToken: "t", .tflSource: "live"])
        let mixed = WelcomeViewModel(isShown: true, settings: live) { _ in }
        #expect(mixed.sourceNote.hasPrefix("Coach search and London buses use their live service; the rest run on the built-in demo."))
        demo.follow(live, services: PageClients(deals: GatedDealsService(), departures: ScriptedSearch(), stops: []),
                    changed: .busbudSource, clock: nil)
        #expect(demo.sourceNote == mixed.sourceNote, "it follows the settings")
    }
}

/// "Reset to Defaults" on Search Defaults and Display: what it would change, the reset, and Undo.
@MainActor
struct ResetToDefaultsTests {
    let store = MemorySettingsStore([.searchCurrency: "EUR", .searchAdults: "2", .clock: "12", .refreshSeconds: "45"])
    let clock = SteppedClock()

    func makeModel() -> SettingsViewModel {
        SettingsViewModel(settings: Settings(saved: store.saved), store: store, clock: clock,
                          locations: ("/data", "/cache"), cache: MemoryCache(),
                          makeServices: { _ in PageClients(deals: GatedDealsService(), departures: ScriptedSearch(), stops: []) },
                          testConnection: { _, _ in "ok" })
    }

    @Test func resetPutsTheGroupBackAndUndoPutsItsValuesBack() async {
        let model = makeModel()
        #expect(model.resettable("Search Defaults") == [.searchAdults, .searchCurrency], "in the group's order")
        let question = model.resetQuestion("Search Defaults")
        #expect(question.heading == "Reset Search Defaults?")
        #expect(question.body == "Adults and Currency will go back to their defaults.")

        model.resetToDefaults("Search Defaults")
        await model.settle()
        #expect(store.saved == [.clock: "12", .refreshSeconds: "45"], "only the group's settings, and all of them")
        #expect(model.settings.value(.searchCurrency) == "USD")
        #expect(model.resetUndoMessage == "Search Defaults reset")
        #expect(model.resettable("Search Defaults").isEmpty)

        model.undoReset()
        await model.settle()
        #expect(store.saved == [.searchCurrency: "EUR", .searchAdults: "2", .clock: "12", .refreshSeconds: "45"])
        #expect(model.resetUndoMessage == nil)
    }

    @Test func closingTheOfferKeepsTheReset() async {
        let model = makeModel()
        model.resetToDefaults("Display")
        await model.settle()
        model.declineResetUndo()
        model.undoReset()
        await model.settle()
        #expect(store.saved[.clock] == nil, "nothing left to undo")
        #expect(model.resetQuestion("Display").body == "Nothing will change.")
    }

    @Test func onlySearchDefaultsAndDisplayAreOffered() {
        let model = makeModel()
        #expect(model.resettable("Favourites").isEmpty, "the refresh interval stays")
        #expect(model.resettable("Display") == [.clock])
    }
}

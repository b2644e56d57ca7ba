import Testing
@testable import TripCore

/// How the window was left: read back as saved, and nonsense ignored rather than obeyed.
struct WindowStateTests {
    @Test func savedStateReadsBackTheSame() {
        var state = WindowState()
        state.width = 1200
        state.height = 800
        state.isMaximised = true
        state.tab = .favourites
        state.welcomed = true
        #expect(WindowState(saved: state.saved) == state)
        #expect(WindowState(saved: [:]) == WindowState(), "nothing saved: the defaults")
    }

    @Test(arguments: [
        ["window.width": "12", "window.height": "800"],
        ["window.width": "1200", "window.height": "-5"],
        ["window.width": "wide", "window.height": "800"],
        ["window.width": "1200"],
        ["window.width": "99999999999999999999", "window.height": "800"],
    ])
    func sizesThatAreNotAWindowAreIgnored(saved: [String: String]) {
        let state = WindowState(saved: saved)
        #expect((state.width, state.height) == (WindowState().width, WindowState().height))
    }

    @Test func unknownTabsAndOtherNamesAreIgnored() {
        let state = WindowState(saved: ["window.tab": "timetable", "window.maximised": "yes", "refresh.seconds": "45"])
        #expect(state.tab == .deals)
        #expect(state.isMaximised == false)
    }

    /// A new data folder opens on the welcome; one the welcome has saved says whether a choice was
    /// made; one saved before the welcome existed (a tab, no word on it) was welcomed long ago.
    @Test func theWelcomeShowsUntilAChoiceIsSaved() {
        #expect(WindowState(saved: [:]).welcomed == false)
        #expect(WindowState(saved: ["window.tab": "search", "window.welcomed": "false"]).welcomed == false)
        #expect(WindowState(saved: ["window.tab": "search", "window.welcomed": "true"]).welcomed == true)
        #expect(WindowState(saved: ["window.tab": "search"]).welcomed == true)
    }
}

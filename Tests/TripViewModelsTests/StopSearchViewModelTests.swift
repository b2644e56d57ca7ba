import Foundation
import Testing
import TripCore
@testable import TripViewModels
import TestSupport

@MainActor
struct StopSearchViewModelTests {
    let clock = SteppedClock()
    let oxford = busStop("OE", "Oxford Circus Station", letter: "OE")
    let oxo = busStop("OX", "Oxo Tower", letter: "X")

    /// Typing waits for a pause; each keystroke restarts the wait, so one search runs.
    @Test func typingIsDebounced() async {
        let service = ScriptedStopService(searches: ["oxford": (.zero, [oxford])])
        let model = StopSearchViewModel(services: [service], favourites: nil, clock: clock)
        model.text = "ox"
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(200))
        model.text = "oxford"
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(200))
        #expect(service.requests.isEmpty)
        await clock.advance(by: .milliseconds(200))
        await settle { model.state.value != nil }
        #expect(service.requests == ["search:oxford"])
        #expect(model.rows.map(\.title) == ["Oxford Circus Station (Stop OE)"])
        #expect(model.summary == "1 stop matching “oxford”")
    }

    /// An answer for older text that arrives after the newer one is never shown.
    @Test func lateAnswersForOlderTextAreDropped() async {
        let service = ScriptedStopService(searches: ["ox": (.milliseconds(300), [oxo]), "oxford": (.zero, [oxford])],
                                          clock: clock)
        let model = StopSearchViewModel(services: [service], favourites: nil, clock: clock)
        model.text = "ox"
        model.search()
        await settle { service.requests == ["search:ox"] }
        model.text = "oxford"
        model.search()
        await settle { model.state.value != nil }
        #expect(model.rows.map(\.id) == [oxford.id])
        await clock.advance(by: .milliseconds(400))
        #expect(model.rows.map(\.id) == [oxford.id])
    }

    /// A result already in favourites says so, and adding it again adds nothing.
    @Test func resultsSayWhichAreFavourites() async {
        let store = MemoryFavouritesStore([Favourite(stop: oxford)])
        let favourites = FavouritesViewModel(store: store, services: [], clock: clock)
        let service = ScriptedStopService(searches: ["ox": (.zero, [oxford, oxo])])
        let model = StopSearchViewModel(services: [service], favourites: favourites.list, clock: clock)
        model.text = "ox"
        model.search()
        await settle { model.state.value != nil }
        _ = await favourites.list.add(oxo).value
        #expect(model.rows.map(\.choices) == [[.init(key: oxford.id, label: "In favourites", isFavourite: true)],
                                               [.init(key: oxo.id, label: "In favourites", isFavourite: true)]])
        #expect(model.rows[0].accessibleName.hasSuffix(", in favourites"))
        #expect(await !model.add(oxford.id).value)
        #expect(store.favourites.map(\.id) == [oxford.id, oxo.id])
    }

    /// HomeTime's pair: the north and south stops of one street are one place with an Add per
    /// direction, so adding both is two clicks; TfL's lettered stops of one name stay apart.
    @Test func bothDirectionsOfAStreetAreOnePlace() async {
        let highett = KnownTramStops.all.filter { $0.name == "Highett St & Church St" }
        let swan = KnownTramStops.all.filter { $0.name == "Swan St & Church St" }
        let oxfordOC = busStop("OC", "Oxford Circus Station", letter: "OC")
        let trams = ScriptedStopService(searches: ["church": (.zero, [highett[0], swan[0], highett[1], swan[1]])], provider: TramTrackerProvider())
        let buses = ScriptedStopService(searches: ["church": (.zero, [oxford, oxfordOC])])
        let store = MemoryFavouritesStore([])
        let favourites = FavouritesViewModel(store: store, services: [], clock: clock)
        let model = StopSearchViewModel(services: [buses, trams], favourites: favourites.list, clock: clock)
        model.text = "church"
        model.search()
        await settle { model.state.value != nil }
        #expect(model.rows.map(\.title) == ["Oxford Circus Station (Stop OE)", "Oxford Circus Station (Stop OC)",
                                             "Highett St & Church St", "Swan St & Church St"])
        #expect(model.summary == "4 stops matching “church”, 2 of them in both directions")
        let pair = model.rows[2]
        #expect(pair.stops.map(\.stopID) == ["4055", "4155"])
        #expect(pair.detail == "Melbourne tram · 78")
        #expect(pair.choices.map(\.label) == ["Add: towards North Richmond (4055)", "Add: towards Balaclava (4155)"])
        #expect(model.rows[3].detail == "Melbourne tram · 70, 78")

        #expect(await model.add(pair.choices[0].key).value)
        #expect(await model.add(pair.choices[1].key).value)
        #expect(store.favourites.map(\.stop.stopID) == ["4055", "4155"])
        #expect(model.rows[2].choices.map(\.label) == ["In favourites: towards North Richmond (4055)",
                                                      "In favourites: towards Balaclava (4155)"])
        #expect(model.rows[2].accessibleName == "Highett St & Church St, Melbourne tram, 2 directions, route 78, "
            + "stop 4055 towards North Richmond in favourites, stop 4155 towards Balaclava in favourites")

        // One direction alone (searched by number) is a stop of its own, its direction in the detail.
        let one = StopResultRow(StopResultRow.places([highett[1]])[0]) { _ in false }
        #expect(one.title == "Highett St & Church St (4155)")
        #expect(one.detail == "Melbourne tram · towards Balaclava · 78")
        #expect(one.choices.map(\.label) == ["Add"])
    }

    /// The summary counts the rows shown: HomeTime's pair, one row with an Add per direction, is
    /// one stop in both directions, not "2 stops" over one row.
    @Test func theSummaryCountsTheRowsShown() async {
        let highett = KnownTramStops.all.filter { $0.name == "Highett St & Church St" }
        let bridge = KnownTramStops.all.filter { $0.name == "Bridge Rd & Church St" }
        let trams = ScriptedStopService(searches: ["highett": (.zero, highett), "church": (.zero, highett + bridge),
                                                   "4155": (.zero, [highett[1]])], provider: TramTrackerProvider())
        let model = StopSearchViewModel(services: [trams], favourites: nil, clock: clock)
        for (text, rows, summary) in [("highett", 1, "1 stop matching “highett”, in both directions"),
                                      ("church", 2, "2 stops matching “church”, each in both directions"),
                                      ("4155", 1, "1 stop matching “4155”")] {
            model.text = text
            model.search()
            await settle { model.state.value != nil && model.searched == "“\(text)”" }
            #expect(model.rows.count == rows)
            #expect(model.summary == summary)
        }
    }

    /// Near a place: a landmark fills in its coordinates; nonsense coordinates are refused beside the fields.
    @Test func nearAPlace() async {
        let service = ScriptedStopService(searches: ["near": (.zero, [oxford])])
        let model = StopSearchViewModel(services: [service], favourites: nil, clock: clock)
        model.mode = .near
        await settle { model.state.value != nil }
        #expect(model.summary == "1 stop within 300 m of Oxford Circus")
        model.latitudeText = "95"
        #expect(model.problem != nil)
        await clock.advance(by: .seconds(1))
        #expect(model.state == .idle)
        model.choosePlace(2)
        #expect(model.problem == nil)
        #expect(model.placeIndex == 2)
    }

    /// A radius typed out of range or in letters is refused and said; the last good one stays.
    @Test(arguments: ["5000", "10", "far"])
    func aRadiusOutOfRangeIsRefused(_ typed: String) {
        let model = StopSearchViewModel(services: [ScriptedStopService(searches: ["near": (.zero, [])])], favourites: nil, clock: clock)
        model.mode = .near
        #expect(model.enterRadius(typed) == nil)
        #expect(model.problem == "The radius is 50 to 2000 metres.")
        #expect(model.radius == 300)
        #expect(model.enterRadius("800") == 800)
        #expect(model.problem == nil)
        #expect(model.radius == 800)
    }

    /// One provider failing while another answers: its results show, and the summary says what was not searched.
    @Test func oneProviderFailingIsSaid() async {
        let buses = ScriptedStopService(searches: ["church": (.zero, [])])
        let failing = FailingSearch()
        let model = StopSearchViewModel(services: [buses, failing], favourites: nil, clock: clock)
        model.text = "church"
        model.search()
        await settle { model.state.value != nil }
        #expect(model.summary == "Not searched: Can’t reach the Melbourne tram service")
        #expect(model.screen == .empty(title: "No stops found", message: "Nothing matches “church”. Try another name, or part of one."))
    }

    /// Nothing found is said plainly, naming what was searched for.
    @Test func nothingFound() async {
        let model = StopSearchViewModel(services: [ScriptedStopService(searches: ["zzz": (.zero, [])])], favourites: nil, clock: clock)
        model.text = "zzz"
        model.search()
        await settle { model.state.value != nil }
        #expect(model.screen == .empty(title: "No stops found", message: "Nothing matches “zzz”. Try another name, or part of one."))
    }

    /// Nothing near a place suggests a wider radius, which only "Near a place" has.
    @Test func nothingNearAPlaceSuggestsAWiderRadius() async {
        let model = StopSearchViewModel(services: [ScriptedStopService(searches: ["near": (.zero, [])])], favourites: nil, clock: clock)
        model.mode = .near
        await settle { model.state.value != nil }
        #expect(model.screen == .empty(title: "No stops found",
                                       message: "Nothing matches within 300 m of Oxford Circus. Try a wider radius or another place."))
    }
}

/// A tram service whose search cannot be reached.
struct FailingSearch: TransitClient {
    var provider: any TransitProvider { TramTrackerProvider() }
    func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult { throw .transport(.system("offline")) }
    func searchStops(matching text: String) async throws(APIError) -> [TransitStop] { throw .transport(.system("offline")) }
    func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] { throw .transport(.system("offline")) }
}

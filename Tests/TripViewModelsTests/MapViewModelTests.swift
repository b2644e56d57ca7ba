import Foundation
import Synchronization
import Testing
import TripCore
@testable import TripViewModels
import TestSupport

@MainActor
struct MapViewModelTests {
    let clock = SteppedClock()
    /// Round Oxford Circus, and the same size a little east (overlapping it).
    let oxfordBox = try! GeoBox(south: 51.512, west: -0.146, north: 51.518, east: -0.138)
    let eastBox = try! GeoBox(south: 51.512, west: -0.142, north: 51.518, east: -0.134)
    let rg = mapStop("RG", "Oxford Circus Station", 51.5152, -0.1418, lines: ["73", "390"])
    let west = mapStop("W", "Great Portland St", 51.5165, -0.1445)
    let east = mapStop("E", "Soho Square", 51.5150, -0.1360)

    /// The map settles, then its area is asked for once: round the box's centre, with the radius
    /// to its corners.
    @Test func anAreaIsAskedOnceTheMapSettles() async {
        let buses = AreaService(stops: [rg, west, east], clock: clock)
        let model = MapViewModel(services: [buses], favourites: nil, clock: clock)
        model.viewportChanged(box: oxfordBox, zoom: 16)
        await settle { clock.sleeping == 1 }
        #expect(model.state == .loading)
        await clock.advance(by: .milliseconds(200))
        model.viewportChanged(box: eastBox, zoom: 16.5)
        await clock.advance(by: .milliseconds(200))
        #expect(buses.asked.isEmpty, "the map has not rested for 300 ms yet")
        await clock.advance(by: .milliseconds(100))
        await settle { model.state == .loaded }
        #expect(buses.asked.count == 1)
        #expect(buses.asked.first?.centre == eastBox.centre)
        #expect(buses.asked.first?.radius == Int(eastBox.radius.rounded(.up)))
        #expect(Set(model.pins.keys) == [rg.id, east.id])
    }

    /// Zoomed out below the zoom for stops: the hint, no pins, and nothing asked, even for a
    /// viewport that was waiting to settle.
    @Test func belowTheZoomForStopsNothingIsAsked() async {
        let buses = AreaService(stops: [rg], clock: clock)
        let model = MapViewModel(services: [buses], favourites: nil, clock: clock)
        model.viewportChanged(box: oxfordBox, zoom: 16)
        await settle { model.state == .loading && clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { model.state == .loaded }
        model.viewportChanged(box: eastBox, zoom: 15.5)
        model.viewportChanged(box: oxfordBox, zoom: MapViewModel.minimumStopZoom - 0.1)
        #expect(model.state == .zoomInHint)
        #expect(model.hint == "Zoom in to see stops")
        #expect(model.pins.isEmpty && model.pinChanges.removed == [rg.id] && model.rows.isEmpty)
        await clock.advance(by: .seconds(2))
        await drain()
        #expect(buses.asked.count == 1)
        #expect(clock.sleeping == 0)
    }

    /// An answer for an area the map has left, arriving after the newer area's, is never drawn
    /// (the service here finishes its work even when the load is cancelled).
    @Test func aLateAnswerForAnOldAreaIsDropped() async {
        let buses = AreaService(stops: [rg, west, east], clock: clock, delays: [.seconds(1)], ignoresCancellation: true)
        let model = MapViewModel(services: [buses], favourites: nil, clock: clock)
        model.viewportChanged(box: oxfordBox, zoom: 16)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { buses.asked.count == 1 && clock.sleeping == 1 }
        model.viewportChanged(box: eastBox, zoom: 16)
        await settle { clock.sleeping == 2 }
        await clock.advance(by: .milliseconds(300))
        await settle { model.state == .loaded }
        #expect(Set(model.pins.keys) == [rg.id, east.id])
        await clock.advance(by: .seconds(1))
        await settle { buses.answered == 2 }
        await drain()
        #expect(Set(model.pins.keys) == [rg.id, east.id], "the west stop of the old area never shows")
        #expect(model.shownBox == eastBox)
    }

    /// The pins of the area shown stay while the next area loads; then a stop in both areas is
    /// kept (updated only when what it shows changed), never removed and added again.
    @Test func pinsAreUpdatedByIDNotRebuilt() async {
        var moved = rg
        moved.lines = ["73", "390", "C2"]
        let buses = AreaService(stops: [rg, west], clock: clock)
        let model = MapViewModel(services: [buses], favourites: nil, clock: clock)
        model.viewportChanged(box: oxfordBox, zoom: 16)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { model.state == .loaded }
        #expect(model.pinChanges == PinChanges(added: model.rows, updated: [], removed: []))
        #expect(model.rows.map(\.id) == [rg.id, west.id])

        buses.stops = [moved, east]
        model.viewportChanged(box: eastBox, zoom: 16)
        #expect(model.state == .loading)
        #expect(Set(model.pins.keys) == [rg.id, west.id], "the area shown stays while the next loads")
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { model.state == .loaded }
        #expect(model.pinChanges.added.map(\.id) == [east.id])
        #expect(model.pinChanges.updated.map(\.id) == [rg.id])
        #expect(model.pinChanges.updated.first?.accessibleName == "Oxford Circus Station, stop RG, routes 73, 390, C2")
        #expect(model.pinChanges.removed == [west.id])

        let before = model.pinChanges
        model.viewportChanged(box: eastBox, zoom: 16.2)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { buses.asked.count == 3 && model.state == .loaded }
        #expect(model.pinChanges == before, "the same stops again publish no change")
    }

    /// One service failing keeps the other's pins, and the notice says which service failed.
    @Test func oneServiceFailingKeepsTheOthersPins() async {
        let buses = AreaService(stops: [rg], clock: clock)
        let trams = AreaService(stops: [], clock: clock, failure: .httpStatus(503, reason: nil), provider: TramTrackerProvider())
        let model = MapViewModel(services: [trams, buses], favourites: nil, clock: clock)
        model.viewportChanged(box: oxfordBox, zoom: 16)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { model.state == .loaded }
        #expect(Array(model.pins.keys) == [rg.id])
        #expect(model.notice == "Stops of the Melbourne tram service could not be loaded")
        #expect(model.failures[.tramTracker]?.title == "The Melbourne tram service is having trouble")
        #expect(trams.asked.count == 1 && buses.asked.count == 1)
    }

    /// A service that cannot find stops nearby is never asked.
    @Test func onlyServicesThatFindStopsNearbyAreAsked() async {
        let buses = AreaService(stops: [rg], clock: clock)
        let byNumberOnly = AreaService(stops: [], clock: clock, provider: NoNearbyProvider())
        let model = MapViewModel(services: [byNumberOnly, buses], favourites: nil, clock: clock)
        model.viewportChanged(box: oxfordBox, zoom: 17)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { model.state == .loaded }
        #expect(byNumberOnly.asked.isEmpty && buses.asked.count == 1)
        #expect(model.notice == nil)
    }

    /// "Stops in this area" lists the pins nearest the area's centre first.
    @Test func rowsAreNearestTheCentreFirst() async {
        let centre = mapStop("C", "Centre", 51.5151, -0.1421)
        let buses = AreaService(stops: [west, east, centre, rg], clock: clock)
        let model = MapViewModel(services: [buses], favourites: nil, clock: clock)
        model.viewportChanged(box: oxfordBox, zoom: 16)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { model.state == .loaded }
        #expect(model.rows.map(\.id) == [centre.id, rg.id, west.id])
        #expect(model.rows.map(\.label) == ["C", "RG", "W"])
    }

    /// A pin's name is a sentence, "favourite" at its end for a favourite; the star adds and
    /// removes it (with Undo) and the pin's mark follows.
    @Test func thePanelsStarEditsTheFavouritesAndThePinFollows() async {
        let store = MemoryFavouritesStore([])
        let list = FavouriteList(store: store, clock: clock)
        await list.load().value
        let buses = AreaService(stops: [rg, west], clock: clock)
        let model = MapViewModel(services: [buses], favourites: list, clock: clock)
        model.viewportChanged(box: oxfordBox, zoom: 16)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .milliseconds(300))
        await settle { model.state == .loaded }
        #expect(model.pins[rg.id]?.accessibleName == "Oxford Circus Station, stop RG, routes 73, 390")

        model.select(rg.id)
        #expect(model.selected?.title == "Oxford Circus Station (Stop RG)")
        #expect(model.selected?.label == "RG" && model.selected?.routes == ["73", "390"])
        #expect(await model.toggleFavourite().value)
        #expect(store.favourites.map(\.id) == [rg.id])
        await settle("the pin marked") { model.pins[rg.id]?.isFavourite == true }
        #expect(model.pinChanges == PinChanges(updated: [model.pins[rg.id]!]))
        #expect(model.selected?.accessibleName == "Oxford Circus Station, stop RG, routes 73, 390, favourite")

        #expect(await model.toggleFavourite().value)
        #expect(store.favourites.isEmpty)
        #expect(model.undoMessage == "Removed Oxford Circus Station (Stop RG)")
        await settle("the mark gone") { model.pins[rg.id]?.isFavourite == false }
        #expect(await model.undo().value)
        await settle("the mark back") { model.selected?.isFavourite == true }
    }

    /// The map opens in the middle of the favourites' stops; with none, at the first transit
    /// service's own place.
    @Test func theMapOpensOnTheFavouritesElseTheFirstServicesPlace() async {
        let model = MapViewModel(services: [AreaService(stops: [], clock: clock)], favourites: nil, clock: clock)
        #expect(model.openingCentre == KnownPlaces.london[0].coordinate)
        let trams = MapViewModel(services: [AreaService(stops: [], clock: clock, provider: TramTrackerProvider())],
                                 favourites: nil, clock: clock)
        #expect(trams.openingCentre == KnownPlaces.melbourne[0].coordinate)

        let list = FavouriteList(store: MemoryFavouritesStore([Favourite(stop: west), Favourite(stop: east)]), clock: clock)
        await list.load().value
        let favourites = MapViewModel(services: [AreaService(stops: [], clock: clock)], favourites: list, clock: clock)
        #expect(favourites.openingCentre == Coordinate(latitude: (51.5165 + 51.5150) / 2, longitude: (-0.1445 + -0.1360) / 2))
    }
}

func mapStop(_ letter: String, _ name: String, _ lat: Double, _ lon: Double, lines: [String] = ["8"]) -> TransitStop {
    TransitStop(provider: TfLProvider(), stopID: "4900\(letter)", name: name, letter: letter,
                coordinate: Coordinate(latitude: lat, longitude: lon), lines: lines)
}

/// A transit service that cannot find stops near a point.
struct NoNearbyProvider: TransitProvider {
    let id = ServiceID("bynumber")
    let title = "By number"
    let sourceKey = SettingKey.tflSource
    let urlKey = SettingKey.tflURL
    let settings: [SettingKey] = []
    let modeName = "Numbered bus"
    let vehicleName = "bus"
    let vehiclesName = "buses"
    let timeZone = TimeZone(identifier: "UTC")!
    let clockHabit = ClockFormat.twentyFourHour
    let dueWord = "Due"
    let findsStopsNearby = false
    func stopService(_ context: ServiceContext) -> any TransitClient { AreaService(stops: [], clock: nil, provider: self) }
    func probe(_ context: ServiceContext) async throws(APIError) -> ProbeOutcome { throw .cancelled }
}

/// The stops within the radius asked of the point asked, from a list the test may change; each
/// ask recorded, and each answer counted once given. An answer may be made to wait on the test's
/// clock (the n-th ask waits `delays[n]`), and to finish even when its load is cancelled.
final class AreaService: TransitClient, @unchecked Sendable {
    let provider: any TransitProvider
    private let clock: SteppedClock?
    private let delays: [Duration]
    private let ignoresCancellation: Bool
    private let failure: APIError?
    private let state = Mutex<(stops: [TransitStop], asked: [(centre: Coordinate, radius: Int)], answered: Int)>(([], [], 0))

    init(stops: [TransitStop], clock: SteppedClock?, delays: [Duration] = [], ignoresCancellation: Bool = false,
         failure: APIError? = nil, provider: any TransitProvider = TfLProvider()) {
        self.provider = provider
        self.clock = clock
        self.delays = delays
        self.ignoresCancellation = ignoresCancellation
        self.failure = failure
        state.withLock { $0.stops = stops }
    }

    var stops: [TransitStop] {
        get { state.withLock { $0.stops } }
        set { state.withLock { $0.stops = newValue } }
    }
    var asked: [(centre: Coordinate, radius: Int)] { state.withLock { $0.asked } }
    var answered: Int { state.withLock { $0.answered } }

    func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult { ArrivalsResult(arrivals: []) }
    func searchStops(matching text: String) async throws(APIError) -> [TransitStop] { [] }

    func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] {
        let (index, stops) = state.withLock { state in
            state.asked.append((point, radius))
            return (state.asked.count - 1, state.stops)
        }
        if index < delays.count, let clock {
            let delay = delays[index]
            if ignoresCancellation {
                // A task of its own is not cancelled with the load: the answer comes anyway.
                await Task { try? await clock.sleep(for: delay) }.value
            } else {
                do { try await clock.sleep(for: delay) } catch { throw .cancelled }
            }
        }
        defer { state.withLock { $0.answered += 1 } }
        if let failure { throw failure }
        return stops.filter { $0.coordinate.map { point.distance(to: $0) <= Double(radius) } ?? false }
    }
}

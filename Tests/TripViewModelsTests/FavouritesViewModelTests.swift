import Foundation
import Observation
import Synchronization
import Testing
import TripCore
import TripWords
@testable import TripViewModels
import TestSupport

@MainActor
struct FavouritesViewModelTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_000_000)
    let oxford = busStop("OE", "Oxford Circus Station", letter: "OE", lines: ["55", "73", "98", "390"])
    let waterloo = busStop("Y", "Waterloo Station / Tenison Way", letter: "Y", lines: ["26", "59", "243"])
    let clock = SteppedClock()

    func makeModel(_ store: MemoryFavouritesStore, _ service: ScriptedStopService,
                   interval: Duration = .seconds(30)) -> FavouritesViewModel {
        FavouritesViewModel(store: store, services: [service], clock: clock, now: { Self.now },
                            refreshInterval: interval)
    }

    /// Shown for the first time, the tab reads the store, fetches every stop and starts the countdown.
    @Test func appearingLoadsRefreshesAndCountsDown() async {
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("390", 30), ("73", 130), ("73", 600)])])
        let model = makeModel(MemoryFavouritesStore([Favourite(stop: oxford)]), service)
        #expect(model.screen == .loading)
        model.appear()
        await settle { model.rows.first?.arrivals.isEmpty == false }
        #expect(model.rows.map(\.arrivals) == ["390 · Due   73 · 2 min"])
        #expect(model.rows[0].title == "Oxford Circus Station (Stop OE)")
        #expect(model.rows[0].accessibleName == "Oxford Circus Station, stop OE: route 390 due; route 73 in 2 minutes.")
        await settle { clock.sleeping == 1 }
        #expect(model.cycle.secondsToRefresh == 30)
        #expect(model.cycle.fraction == 1)

        await clock.advance(by: .seconds(10))
        #expect(model.cycle.secondsToRefresh == 20)
        #expect(model.cycle.countdownText == "Next refresh in 20 s")
        #expect(service.requests == ["OE"])
        await clock.advance(by: .seconds(20))
        await settle { service.requests.count == 2 && model.cycle.secondsToRefresh == 30 }
        #expect(service.requests == ["OE", "OE"])
        #expect(model.cycle.secondsToRefresh == 30)
    }

    /// With no favourite on the list there is nothing to count down to.
    @Test func anEmptyListDoesNotCountDown() async {
        let model = makeModel(MemoryFavouritesStore([]), ScriptedStopService([:]))
        model.appear()
        await settle { model.screen != .loading }
        model.refresh()
        await drain()
        #expect(!model.cycle.isCounting)
        #expect(clock.sleeping == 0)
    }

    /// Refresh fetches at once and starts the countdown again.
    @Test func refreshFetchesNowAndRestartsTheCountdown() async {
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("73", 120)])])
        let model = makeModel(MemoryFavouritesStore([Favourite(stop: oxford)]), service)
        model.appear()
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        await clock.advance(by: .seconds(12))
        #expect(model.cycle.secondsToRefresh == 18)
        model.refresh()
        await settle { service.requests.count == 2 && model.cycle.secondsToRefresh == 30 }
        #expect(model.cycle.secondsToRefresh == 30)
    }

    /// A hidden tab makes no requests and runs no timer; shown again, it refreshes what went stale.
    /// The cycle says whether it counts down (the window keeps its redraws' memory meanwhile).
    @Test func hiddenTabStopsTheCountdown() async {
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("73", 120)])])
        let model = makeModel(MemoryFavouritesStore([Favourite(stop: oxford)]), service)
        #expect(!model.cycle.isCounting)
        model.appear()
        await settle { service.requests.count == 1 && clock.sleeping == 1 }
        #expect(model.cycle.isCounting)
        model.disappear()
        #expect(!model.cycle.isCounting)
        await drain()
        #expect(clock.sleeping == 0)
        await clock.advance(by: .seconds(120))
        #expect(service.requests.count == 1)
    }

    /// Hiding the tab mid-refresh cancels it: the late answer is dropped and nothing stays "loading".
    @Test func hidingCancelsARefreshInFlight() async {
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("73", 120)])], arrivalsDelay: .seconds(1),
                                          clock: clock)
        let model = makeModel(MemoryFavouritesStore([Favourite(stop: oxford)]), service)
        model.appear()
        await settle { model.cycle.isRefreshing }
        model.disappear()
        #expect(!model.cycle.isRefreshing)
        await clock.advance(by: .seconds(1))
        #expect(model.cycle.live[oxford.id]?.result == nil)
        #expect(model.cycle.countdownText == "Next refresh in 30 s")
        model.appear()
        await settle { service.requests.count == 2 && clock.sleeping >= 1 }
        await clock.advance(by: .seconds(1))
        await settle { model.rows.first?.arrivals.isEmpty == false }
        #expect(service.requests == ["OE", "OE"])
    }

    /// One stop failing shows its own problem; the other stop's arrivals stay; the tab is not failed.
    @Test func oneStopFailingLeavesTheOthers() async {
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("73", 120)]),
                                           "Y": .failure(.service(.said("Stop Y is closed for roadworks")))])
        let model = makeModel(MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: waterloo)]), service)
        model.appear()
        await settle { model.rows.count == 2 && model.rows.allSatisfy { $0.status != "Loading…" } }
        #expect(model.screen == .content)
        #expect(model.rows[0].arrivals == "73 · 2 min")
        // The service's own words, from an error inside a 200, reach the row.
        #expect(model.rows[1].status == "Couldn’t load arrivals: The London bus service reported a problem. Stop Y is closed for roadworks")
        #expect(model.refreshFailure == nil)
    }

    /// After a failed refresh a stop keeps its last arrivals, marked stale with their age.
    @Test func failedRefreshKeepsStaleArrivals() async {
        let wall = TestClock(Self.now.addingTimeInterval(-120))
        let service = ScriptedStopService(["OE": arrivals(wall.now, [("73", 400)])])
        let model = FavouritesViewModel(store: MemoryFavouritesStore([Favourite(stop: oxford)]), services: [service],
                                        clock: clock, now: { wall.now })
        model.appear()
        await settle { model.rows.first?.arrivals.isEmpty == false }
        service.answer("OE", with: .failure(.transport(.system("timed out"))))
        wall.advance(seconds: 120)
        model.refresh()
        await settle { model.rows.first?.isStale == true }
        #expect(model.rows[0].status == "Couldn’t refresh (Can’t reach the London bus service) · showing arrivals from 2 min ago")
        #expect(model.rows[0].arrivals == "73 · 4 min")
        #expect(model.screen == .content)
        #expect(model.refreshFailure?.title == "Can’t reach the London bus service")
    }

    /// With buses and trams both failing, the banner and the failed page name both services.
    @Test func everyFailingServiceIsNamed() async {
        let wall = TestClock(Self.now)
        let buses = ScriptedStopService(["OE": arrivals(wall.now, [("73", 400)])])
        let trams = ScriptedStopService(["1001": arrivals(wall.now, [("96", 400)])], provider: TramTrackerProvider())
        let tramStop = TransitStop(provider: TramTrackerProvider(), stopID: "1001", name: "Federation Square", letter: nil,
                                   coordinate: Coordinate(latitude: -37.8, longitude: 144.9), lines: ["96"])
        let model = FavouritesViewModel(store: MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: tramStop)]),
                                        services: [buses, trams], clock: clock, now: { wall.now })
        model.appear()
        await settle { model.rows.count == 2 && model.rows.allSatisfy { !$0.arrivals.isEmpty } }
        buses.answer("OE", with: .failure(.transport(.system("timed out"))))
        trams.answer("1001", with: .failure(.httpStatus(503)))
        model.refresh()
        await settle { model.refreshFailure != nil }
        #expect(model.refreshFailure?.title == "Can’t reach the London bus service. The Melbourne tram service is having trouble")
        #expect(model.refreshFailure?.canRetry == true)
    }

    /// Arrivals fetched long ago are never shown as fresh, even before a refresh has had a chance to fail.
    @Test func oldArrivalsAreMarkedWithTheirAge() throws {
        var live = StopLive()
        live.received(try arrivals(Self.now, [("73", 900)]).get(), at: Self.now)
        let fresh = FavouriteRow(Favourite(stop: oxford), live: live, now: Self.now.addingTimeInterval(60), isFirst: true, isLast: true)
        #expect(!fresh.isStale)
        #expect(fresh.status == "")
        let old = FavouriteRow(Favourite(stop: oxford), live: live, now: Self.now.addingTimeInterval(300), isFirst: true, isLast: true)
        #expect(old.isStale)
        #expect(old.status == "Arrivals from 5 min ago · updating")
        #expect(old.arrivals == "73 · 10 min")
    }

    /// A row names six routes at most, and says how many more the board has.
    @Test func rowSaysHowManyRoutesItLeftOut() throws {
        var live = StopLive()
        live.received(try arrivals(Self.now, (1...8).map { (String($0), $0 * 60) }).get(), at: Self.now)
        let row = FavouriteRow(Favourite(stop: oxford), live: live, now: Self.now, isFirst: true, isLast: true)
        #expect(row.arrivals.hasSuffix("6 · 6 min   +2 more routes on the board"))
        #expect(row.accessibleName.hasSuffix("route 6 in 6 minutes; and 2 more routes on the board."))
    }

    /// Every stop failing with nothing to show is the tab's failure, with Retry.
    @Test func everyStopFailingFailsTheTabAndRetryRecovers() async {
        let service = ScriptedStopService(["OE": .failure(.httpStatus(503)), "Y": .failure(.httpStatus(503))])
        let model = makeModel(MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: waterloo)]), service)
        model.appear()
        await settle { if case .failed = model.screen { true } else { false } }
        guard case .failed(let failure) = model.screen else { Issue.record("not failed"); return }
        #expect(failure.canRetry)
        service.answer("OE", with: arrivals(Self.now, [("73", 120)]))
        service.answer("Y", with: arrivals(Self.now, [("59", 60)]))
        model.retry()
        await settle { model.screen == .content }
        #expect(model.rows.map(\.arrivals) == ["73 · 2 min", "59 · 1 min"])
    }

    /// Routes of interest filter the row; the empty list says no buses on those routes.
    @Test func routesOfInterestFilterTheRow() async {
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("390", 30), ("73", 130), ("55", 200)])])
        let store = MemoryFavouritesStore([Favourite(stop: oxford, routes: ["73", "55"])])
        let model = makeModel(store, service)
        model.appear()
        await settle { model.rows.first?.arrivals.isEmpty == false }
        #expect(model.rows[0].arrivals == "73 · 2 min   55 · 3 min")
        #expect(model.rows[0].subtitle == "London bus · routes 73, 55")
        #expect(await model.list.setRoutes(["98"], for: oxford.id).value)
        #expect(model.rows[0].arrivals == "")
        #expect(model.rows[0].status == "No buses on your routes due in the next 30 minutes")
        #expect(store.favourites[0].routes == ["98"])
    }

    /// Adding saves before showing; the same stop is never added twice.
    @Test func addSavesOnceAndNeverTwice() async {
        let store = MemoryFavouritesStore()
        let model = makeModel(store, ScriptedStopService(["OE": arrivals(Self.now, [("73", 120)])]))
        model.appear()
        await settle { model.list.favourites != nil }
        #expect(model.screen == .empty(title: "No favourite stops yet",
                                       message: "Add the stops you use, and their next buses show here, kept up to date."))
        #expect(await model.list.add(oxford).value)
        #expect(await !model.list.add(oxford).value)
        #expect(store.favourites.map(\.id) == [oxford.id])
        #expect(model.list.favourites?.map(\.id) == [oxford.id])
        #expect(store.saveCount == 1)
    }

    /// Changes made in quick succession all land, in order, each on the one before.
    @Test func quickChangesAllLand() async {
        let store = MemoryFavouritesStore()
        let model = makeModel(store, ScriptedStopService())
        let third = busStop("R", "Russell Square", letter: "R")
        let first = model.list.add(oxford)
        model.list.add(waterloo)
        model.list.add(third)
        let last = model.list.move(third.id, by: -2)
        _ = await first.value
        #expect(await last.value)
        #expect(store.favourites.map(\.stop.name) == ["Russell Square", "Oxford Circus Station", "Waterloo Station / Tenison Way"])
        #expect(model.list.favourites == store.favourites)
    }

    /// Move up and down stay within the list, and the ends say they cannot move further.
    @Test func movingStaysWithinTheList() async {
        let store = MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: waterloo)])
        let model = makeModel(store, ScriptedStopService())
        #expect(await !model.list.move(oxford.id, by: -1).value)
        #expect(await model.list.move(oxford.id, by: 1).value)
        #expect(store.favourites.map(\.id) == [waterloo.id, oxford.id])
        #expect(await model.list.move(oxford.id, to: waterloo.id).value)
        #expect(model.rows.map(\.isFirst) == [true, false])
        #expect(model.rows.map(\.isLast) == [false, true])
        #expect(model.rows.map(\.id) == [oxford.id, waterloo.id])
    }

    /// Closing the Undo offer makes the removal final at once: nothing left to undo, the stop stays gone.
    @Test func declinedUndoIsFinal() async {
        let store = MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: waterloo)])
        let model = makeModel(store, ScriptedStopService())
        #expect(await model.list.remove(oxford.id).value)
        #expect(model.list.undoMessage != nil)
        model.list.declineUndo()
        #expect(model.list.undoMessage == nil)
        #expect(await !model.list.undoRemoval().value)
        #expect(store.favourites.map(\.id) == [waterloo.id])
    }

    /// Remove offers Undo, which puts the stop back where it was; Undo goes after a few seconds.
    @Test func removeThenUndoThenForGood() async {
        let store = MemoryFavouritesStore([Favourite(stop: oxford, routes: ["73"]), Favourite(stop: waterloo)])
        let model = makeModel(store, ScriptedStopService())
        #expect(await model.list.remove(oxford.id).value)
        #expect(store.favourites.map(\.id) == [waterloo.id])
        #expect(model.list.undoMessage == "Removed Oxford Circus Station (Stop OE)")
        #expect(await model.list.undoRemoval().value)
        #expect(store.favourites == [Favourite(stop: oxford, routes: ["73"]), Favourite(stop: waterloo)])
        #expect(model.list.removals.isEmpty)

        #expect(await model.list.remove(oxford.id).value)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .seconds(7))
        #expect(!model.list.removals.isEmpty)
        await clock.advance(by: .seconds(1))
        #expect(model.list.removals.isEmpty)
        #expect(store.favourites.map(\.id) == [waterloo.id])
    }

    /// Made with another Undo window (as the window tests' wiring does), Undo is offered that long.
    @Test func undoIsOfferedForTheWindowGiven() async {
        let store = MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: waterloo)])
        let model = FavouritesViewModel(store: store, services: [ScriptedStopService()], clock: clock, now: { Self.now },
                                        undoWindow: .seconds(120))
        #expect(await model.list.remove(oxford.id).value)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .seconds(119))
        #expect(model.list.undoMessage == "Removed Oxford Circus Station (Stop OE)")
        await clock.advance(by: .seconds(1))
        #expect(model.list.undoMessage == nil)
        #expect(store.favourites.map(\.id) == [waterloo.id])
    }

    /// Two stops removed within the Undo window are both put back by Undo, each in its own place;
    /// the window starts again with each removal.
    @Test func undoPutsBackEveryStopRemovedInTheWindow() async {
        let victoria = busStop("VA", "Victoria Station", letter: "VA", lines: ["11"])
        let store = MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: waterloo), Favourite(stop: victoria)])
        let model = makeModel(store, ScriptedStopService())
        #expect(await model.list.remove(oxford.id).value)
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .seconds(5))
        #expect(await model.list.remove(victoria.id).value)
        #expect(store.favourites.map(\.id) == [waterloo.id])
        #expect(model.list.undoMessage == "Removed Oxford Circus Station (Stop OE) and Victoria Station (Stop VA)")
        await settle { clock.sleeping == 1 }
        await clock.advance(by: .seconds(5))
        #expect(model.list.removals.count == 2)
        #expect(await model.list.undoRemoval().value)
        #expect(store.favourites.map(\.id) == [oxford.id, waterloo.id, victoria.id])
        #expect(model.list.undoMessage == nil)
    }

    /// A save that fails leaves the list as it was and tells the person.
    @Test func failedSaveChangesNothingAndSaysSo() async {
        let store = MemoryFavouritesStore([Favourite(stop: oxford)])
        let model = makeModel(store, ScriptedStopService())
        store.failSaves(with: .failed(.saveFavourites, .diskFull))
        #expect(await !model.list.remove(oxford.id).value)
        #expect(model.list.favourites?.map(\.id) == [oxford.id])
        #expect(model.list.storeNotice == "Tripboard could not save the change: the disk is full. Your favourites are as they were.")
        #expect(model.list.removals.isEmpty)
    }

    /// The board lists every arrival, by time or grouped by route; its star adds and removes the stop.
    @Test func boardSortsAndStars() async {
        let service = ScriptedStopService(["Y": arrivals(Self.now, [("59", 400), ("243", 60), ("59", 100), ("26", 900)])])
        let store = MemoryFavouritesStore()
        let model = makeModel(store, service)
        model.appear()
        model.openBoard(waterloo)
        await settle { model.board?.rows.count == 4 }
        #expect(model.board?.rows.map(\.line) == ["243", "59", "59", "26"])
        #expect(model.board?.rows.allSatisfy { $0.heading == nil } == true, "no headings by time")
        #expect(model.drillDown?.title == waterloo.title)
        #expect(model.board?.rows.first?.accessibleName
                == "Route 243 to Somewhere, in 1 minute, at \(ArrivalText.clock(Self.now.addingTimeInterval(60), in: TfLProvider().timeZone)), bus LX12ABC")
        model.boardSort = .route
        #expect(model.board?.rows.map(\.line) == ["26", "59", "59", "243"])
        #expect(model.board?.rows.map(\.heading) == ["Route 26", "Route 59", nil, "Route 243"], "a heading per route")
        #expect(model.board?.isFavourite == false)
        #expect(await model.toggleBoardFavourite().value)
        #expect(store.favourites.map(\.id) == [waterloo.id])
        #expect(await model.setBoardRoute("26", shown: false).value)
        #expect(store.favourites[0].routes == ["59", "243"])
        #expect(await model.setBoardRoute("26", shown: true).value)
        #expect(store.favourites[0].routes == [])
        #expect(await !model.setBoardRoute("26", shown: true).value, "already shown: nothing to do")
        #expect(await !model.setBoardFavourite(true).value)
        #expect(model.board?.routesLabel == "Routes")
        model.back()
        #expect(model.page == .list)
        #expect(model.drillDown == nil)
        model.openAddStop()
        #expect(model.drillDown == DrillDown(title: "Add Stop"))
    }

    /// A bus stop and a tram stop refresh together; the tram failing leaves the bus, and trams read
    /// as Melbourne's signs do.
    @Test func busesAndTramsSideBySide() async {
        let tram = TransitStop(provider: TramTrackerProvider(), stopID: "4055", name: "Highett St & Church St",
                               lines: ["78"], direction: "towards North Richmond")
        let buses = ScriptedStopService(["OE": arrivals(Self.now, [("73", 120)])])
        let trams = ScriptedStopService(["4055": arrivals(Self.now, [("78", 200)])], provider: TramTrackerProvider())
        let store = MemoryFavouritesStore([Favourite(stop: tram), Favourite(stop: oxford)])
        let model = FavouritesViewModel(store: store, services: [buses, trams], clock: clock, now: { Self.now })
        model.appear()
        await settle { model.rows.count == 2 && model.rows.allSatisfy { !$0.arrivals.isEmpty } }
        let melbourne = ArrivalText.clock(Self.now.addingTimeInterval(200), provider: TramTrackerProvider())
        #expect(model.rows.map(\.arrivals) == ["78 · \(melbourne) (3 min)", "73 · 2 min"])
        #expect(model.rows[0].title == "Highett St & Church St (4055)")
        #expect(model.rows[0].subtitle == "Melbourne tram · towards North Richmond · all routes")
        trams.answer("4055", with: .failure(.service(.said("Stop 4055 is closed for works"))))
        model.refresh()
        await settle { model.rows.first?.isStale == true }
        #expect(model.rows[0].status.hasPrefix("Couldn’t refresh (The Melbourne tram service reported a problem)"))
        #expect(model.rows[1].status == "")
        #expect(model.screen == .content)
    }

    /// The service's messages: a row shows those of its routes of interest, and its sentence says
    /// them; the board shows every one at the stop.
    @Test func serviceMessagesShowOnRowsAndBoard() async {
        let stop = TransitStop(provider: TramTrackerProvider(), stopID: "1001", name: "Federation Square & Swanston St", lines: ["1", "16"])
        let detour = StopNotice(kind: .disruption, text: "Route 16 trams are diverted via St Kilda Rd.")
        let event = StopNotice(kind: .specialEvent, text: "Extra route 1 trams tonight.")
        let trams = ScriptedStopService(["1001": .success(ArrivalsResult(arrivals: [
            Arrival(line: "16", destination: "Melbourne University", expected: Self.now + 120, notices: [detour]),
            Arrival(line: "1", destination: "East Coburg", expected: Self.now + 240, notices: [event]),
            Arrival(line: "16", destination: "Melbourne University", expected: Self.now + 600, notices: [detour]),
        ]))], provider: TramTrackerProvider())
        let store = MemoryFavouritesStore([Favourite(stop: stop, routes: ["16"])])
        let model = FavouritesViewModel(store: store, services: [trams], clock: clock, now: { Self.now })
        model.appear()
        await settle { model.rows.first?.arrivals.isEmpty == false }
        #expect(model.rows[0].notices == "Disruption: Route 16 trams are diverted via St Kilda Rd.")
        #expect(model.rows[0].accessibleName.hasSuffix(" Disruption: Route 16 trams are diverted via St Kilda Rd."))
        model.openBoard(stop)
        await settle { model.board?.rows.count == 3 }
        #expect(model.board?.serviceNotices == "Disruption: Route 16 trams are diverted via St Kilda Rd.\n"
            + "Special event: Extra route 1 trams tonight.")
        model.back()
        #expect(await model.list.setRoutes([], for: stop.id).value)
        #expect(model.rows[0].notices.components(separatedBy: "\n").count == 2)
    }

    /// Choosing a route at a stop that is not a favourite yet adds it with just that route.
    @Test func choosingARouteAddsTheStopWithThatRoute() async {
        let store = MemoryFavouritesStore()
        let model = makeModel(store, ScriptedStopService(["Y": arrivals(Self.now, [("59", 100)])]))
        model.openBoard(waterloo)
        #expect(model.board?.isShown("59") == false)
        #expect(await model.setBoardRoute("59", shown: true).value)
        #expect(store.favourites == [Favourite(stop: waterloo, routes: ["59"])])
        #expect(model.board?.routesLabel == "Routes (1)")
    }

    /// An empty answer is "No buses due", not a failure.
    @Test func emptyBoardSaysNoBusesDue() async {
        let service = ScriptedStopService(["Y": .success(ArrivalsResult(arrivals: []))])
        let model = makeModel(MemoryFavouritesStore(), service)
        model.appear()
        model.openBoard(waterloo)
        await settle { model.board?.screen != .loading }
        #expect(model.board?.screen == .empty(title: "No buses due in the next 30 minutes",
                                               message: "Nothing is predicted at this stop for now. The board keeps looking."))
    }

    /// At one and the same moment, the rows still follow whatever they are made from: a new
    /// answer, a stop moved, another clock (rows worded earlier are kept only while it all stays).
    @Test func rowsFollowEveryChangeAtTheSameMoment() async {
        let tram = TransitStop(provider: TramTrackerProvider(), stopID: "1500", name: "Flinders Street Station", lines: ["35"])
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("73", 120)])])
        let trams = ScriptedStopService(["1500": arrivals(Self.now, [("35", 240)])], provider: TramTrackerProvider())
        let model = FavouritesViewModel(store: MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: tram)]),
                                        services: [service, trams], clock: clock, now: { Self.now })
        model.appear()
        await settle { model.rows.count == 2 && model.rows.allSatisfy { !$0.arrivals.isEmpty } }
        #expect(model.rows[0].arrivals == "73 · 2 min")
        let before = model.rows[1].arrivals

        service.answer("OE", with: arrivals(Self.now, [("73", 60)]))
        model.refresh()
        await settle { model.rows.first?.arrivals == "73 · 1 min" }
        #expect(model.rows[0].arrivals == "73 · 1 min")

        #expect(await model.list.move(tram.id, by: -1).value)
        #expect(model.rows.map(\.id) == [tram.id, oxford.id])
        #expect(model.rows.map(\.isFirst) == [true, false])

        model.clockFormat = model.clockFormat == .twentyFourHour ? .twelveHour : .twentyFourHour
        #expect(model.rows[0].arrivals != before, "the tram's clock time, written the other way")
    }

    /// A tick of the countdown rewords the rows only when their words change: the second "3 min"
    /// becomes "2 min", not the seconds between, so the rest of the page is not drawn again each
    /// second. The countdown itself counts every second, and a board follows the same rule.
    @Test func ticksRewordOnlyWhenTheWordsChange() async {
        let time = Mutex(Self.now)
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("73", 185)])])
        let model = FavouritesViewModel(store: MemoryFavouritesStore([Favourite(stop: oxford)]), services: [service],
                                        clock: clock, now: { time.withLock { $0 } }, refreshInterval: .seconds(120))
        /// One second passes, on the clock and for the rows' time alike.
        func second() async {
            time.withLock { $0 += 1 }
            await clock.advance(by: .seconds(1))
        }
        /// Whether what `read` reads is reworded within the next `seconds`.
        func rewordedWithin(_ seconds: Int, _ read: () -> Void) async -> Bool {
            let reworded = Mutex(false)
            withObservationTracking(read) { reworded.withLock { $0 = true } }
            for _ in 0..<seconds { await second() }
            return reworded.withLock { $0 }
        }
        model.appear()
        await settle { model.rows.first?.arrivals == "73 · 3 min" && clock.sleeping == 1 }
        #expect(await !rewordedWithin(5) { _ = model.rows }, "185 s to 180 s away reads “3 min” throughout")
        #expect(model.cycle.secondsToRefresh == 115, "the countdown counts every second")
        #expect(model.cycle.now == Self.now)
        #expect(await rewordedWithin(1) { _ = model.rows }, "179 s away is “2 min”")
        #expect(model.cycle.now == Self.now + 6)
        #expect(model.worded?.inputs.now == Self.now + 6, "the tick's rows, worded to compare, are the ones shown")
        #expect(model.rows.first?.arrivals == "73 · 2 min")

        model.openBoard(oxford)
        #expect(model.board?.rows.first?.countdown == "2 min")
        #expect(model.board?.subtitle.hasSuffix("updated just now") == true)
        #expect(await !rewordedWithin(53) { _ = model.board }, "through 59 s old, 126 s away")
        #expect(await rewordedWithin(1) { _ = model.board })
        #expect(model.board?.subtitle.hasSuffix("updated 1 min ago") == true)
        #expect(await !rewordedWithin(5) { _ = model.board }, "through 120 s away, “2 min”")
        #expect(await rewordedWithin(1) { _ = model.board })
        #expect(model.board?.rows.first?.countdown == "1 min")
        #expect(service.requests == ["OE"], "no refresh in between")
    }

    /// A tick words again only the row whose words may change, and one stop's answer only that
    /// stop's row: the other rows are the ones worded before.
    @Test func aTickOrAnAnswerRewordsItsOwnRowAlone() async {
        let time = Mutex(Self.now)
        let service = ScriptedStopService(["OE": arrivals(Self.now, [("73", 185)]), "Y": arrivals(Self.now, [("26", 400)])])
        let model = FavouritesViewModel(store: MemoryFavouritesStore([Favourite(stop: oxford), Favourite(stop: waterloo)]),
                                        services: [service], clock: clock, now: { time.withLock { $0 } },
                                        refreshInterval: .seconds(30))
        model.appear()
        await settle { model.rows.map(\.arrivals) == ["73 · 3 min", "26 · 6 min"] && clock.sleeping == 1 }
        let worded = { (stop: TransitStop) in model.wordedRows[stop.id]?.from }
        #expect(worded(oxford) == Self.now && worded(waterloo) == Self.now)
        for _ in 0..<6 {
            time.withLock { $0 += 1 }
            await clock.advance(by: .seconds(1))
        }
        #expect(model.rows.map(\.arrivals) == ["73 · 2 min", "26 · 6 min"])
        #expect(worded(oxford) == Self.now + 6, "179 s away: Oxford Circus's row is worded again")
        #expect(worded(waterloo) == Self.now, "394 s away still reads “6 min”: Waterloo's row is the one worded before")

        service.answer("Y", with: arrivals(Self.now + 6, [("26", 100)]))
        service.answer("OE", with: .failure(.cancelled))
        model.refresh()
        await settle { model.rows.last?.arrivals == "26 · 1 min" }
        #expect(worded(oxford) == Self.now + 6, "its answer was cancelled, and its loading is the countdown's to say: Oxford Circus's row stays as worded")
        #expect(model.rows.first?.arrivals == "73 · 2 min")
    }
}

import Foundation
import Testing
import TripCore
import TripWords
@testable import TripViewModels
import TestSupport

/// A favourite row as the list shows it: a route badge and a time per route, and whose clock the
/// times are on when it is not this machine's.
@MainActor
struct FavouriteRowTests {
    /// Sunday 22 November 2026, 09:00 in London, 8 pm in Melbourne.
    nonisolated static let now = ISO8601Instant.parse("2026-11-22T09:00:00Z")!
    static let london = TimeZone(identifier: "Europe/London")!
    static let melbourne = TimeZone(identifier: "Australia/Melbourne")!
    let clock = SteppedClock()
    let oxford = busStop("OE", "Oxford Circus Station", letter: "OE", lines: ["55", "73", "98", "390"])
    let highett = TransitStop(provider: TramTrackerProvider(), stopID: "4055", name: "Highett St & Church St",
                              lines: ["78"], direction: "towards North Richmond")

    /// The list's rows for a London bus stop and a Melbourne tram stop, on a machine in `zone`,
    /// once both have their arrivals (the clock is the test's: nothing counts down meanwhile).
    func rows(on zone: TimeZone) async -> [FavouriteRow] {
        let buses = ScriptedStopService(["OE": arrivals(Self.now, [("73", 130), ("390", 30), ("73", 600)])])
        let trams = ScriptedStopService(["4055": arrivals(Self.now, [("78", 200), ("78", 900)])], provider: TramTrackerProvider())
        let store = MemoryFavouritesStore([Favourite(stop: highett), Favourite(stop: oxford)])
        let model = FavouritesViewModel(store: store, services: [buses, trams], clock: clock, now: { Self.now })
        model.localZone = zone
        model.appear()
        await settle { model.rows.count == 2 && model.rows.allSatisfy { !$0.nextArrivals.isEmpty } }
        return model.rows
    }

    /// Each route's next arrival is one badge, in its city's colours, with its time beside it,
    /// soonest first; the text and the spoken sentence still say them all.
    @Test func eachRoutesNextArrivalIsABadgeWithItsTime() async {
        let rows = await rows(on: Self.london)
        let clock = ArrivalText.clock(Self.now + 200, provider: TramTrackerProvider())
        #expect(clock == "8:03 pm")
        #expect(rows[0].nextArrivals == [.init(line: "78", badgeStyle: "tram-badge", time: "8:03 pm (3 min)")])
        #expect(rows[1].nextArrivals == [.init(line: "390", badgeStyle: nil, time: "Due"), .init(line: "73", badgeStyle: nil, time: "2 min")])
        #expect(rows[1].moreRoutes == "")
        #expect(rows[1].arrivals == "390 · Due   73 · 2 min")
        #expect(rows[1].accessibleName == "Oxford Circus Station, stop OE: route 390 due; route 73 in 2 minutes.")
    }

    /// A Melbourne row seen on a London machine says its clock times are Melbourne's; the London
    /// row, which shows only countdowns, needs no hint.
    @Test func aMelbourneRowOnALondonMachineSaysMelbourneTime() async {
        let rows = await rows(on: Self.london)
        #expect(rows.map(\.zoneHint) == ["Melbourne time", ""])
    }

    /// On a machine in Melbourne the tram's times are the machine's own: no hint. Nor does a
    /// London row on that machine get one, as its countdowns read the same anywhere.
    @Test func aMachineInMelbourneNeedsNoHint() async {
        let rows = await rows(on: Self.melbourne)
        #expect(rows.map(\.zoneHint) == ["", ""])
    }

    /// The hint goes by what the clocks read, not by their zones' names: a zone that reads as
    /// Melbourne does at that moment (Sydney, in summer) needs none; Brisbane, an hour behind in
    /// Melbourne's summer, does; a row with nothing due has no times to explain.
    @Test func theHintGoesByWhatTheClocksRead() async {
        let tram = TramTrackerProvider()
        #expect(ArrivalText.zoneHint(provider: tram, against: TimeZone(identifier: "Australia/Sydney")!, at: Self.now) == nil)
        #expect(ArrivalText.zoneHint(provider: tram, against: TimeZone(identifier: "Australia/Brisbane")!, at: Self.now) == "Melbourne time")
        let nothingDue = FavouriteRow(Favourite(stop: highett), live: nil, now: Self.now, isFirst: true, isLast: true,
                                      localZone: Self.london)
        #expect(nothingDue.zoneHint == "")
        #expect(nothingDue.status == "Loading…")
    }

    /// More routes due than a row names: the rest are counted after the badges, not cut off.
    @Test func routesBeyondTheRowsSixAreCounted() {
        let lines = (1...8).map(String.init)
        let stop = busStop("OE", "Oxford Circus Station", letter: "OE", lines: lines)
        var live = StopLive()
        live.received(try! arrivals(Self.now, lines.enumerated().map { ($1, 60 * ($0 + 1)) }).get(), at: Self.now)
        let row = FavouriteRow(Favourite(stop: stop), live: live, now: Self.now, isFirst: true, isLast: true, localZone: Self.london)
        #expect(row.nextArrivals.map(\.line) == ["1", "2", "3", "4", "5", "6"])
        #expect(row.moreRoutes == "+2 more routes on the board")
        #expect(row.accessibleName.hasSuffix("; and 2 more routes on the board."))
    }
}

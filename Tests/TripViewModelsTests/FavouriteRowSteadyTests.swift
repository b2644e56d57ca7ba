import Foundation
import Testing
import TripCore
@testable import TripViewModels
import TestSupport

/// `FavouriteRow.steadyUntil`, which lets the countdown's ticks skip wording the list again: before
/// the moment it gives, a row and its stop's notice read exactly as they did.
struct FavouriteRowSteadyTests {
    static let base = ISO8601Instant.parse("2026-11-22T09:00:00Z")!
    static let zones = [TimeZone(identifier: "Europe/London")!, TimeZone(identifier: "Australia/Melbourne")!]

    /// Random stops, arrivals (live and kept, some with notices, some whose refresh then failed),
    /// routes of interest and clock formats, each walked for 20 minutes in uneven steps, as the
    /// list's ticks would: wherever the moment says the words hold, they do.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func theWordsHoldUntilTheMomentGiven(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var looked = 0, steps = 0
        for _ in 0..<10 {
            let (favourite, live) = Self.stop(&random)
            let clock: ClockFormat = Bool.random(using: &random) ? .twelveHour : .twentyFourHour
            let zone = Self.zones.randomElement(using: &random)!
            func words(at time: Date) -> (FavouriteRow, ContentNotice?) {
                (FavouriteRow(favourite, live: live, now: time, isFirst: true, isLast: true, clock: clock, localZone: zone),
                 live.keptNotice(at: time, service: "TfL", clock: clock))
            }
            var time = Self.base.addingTimeInterval(Double.random(in: -90...90, using: &random))
            var shown = words(at: time)
            var until = FavouriteRow.steadyUntil(favourite, live: live, after: time)
            #expect(until > time.addingTimeInterval(-0.01))
            for _ in 0..<1200 {
                time = time.addingTimeInterval(Double.random(in: 0.2...2, using: &random))
                steps += 1
                let now = words(at: time)
                if time < until {
                    #expect(now.0 == shown.0, "seed \(seed): \(now.0.arrivals) / \(now.0.status) at \(time), \(shown.0.arrivals) / \(shown.0.status) before")
                    #expect(now.1 == shown.1)
                    continue
                }
                looked += 1
                shown = now
                until = FavouriteRow.steadyUntil(favourite, live: live, after: time)
            }
        }
        // Most ticks need no look: a stop's few routes change their words a few times a minute.
        #expect(looked * 4 < steps, "\(looked) looks in \(steps) ticks")
    }

    /// One route's bus 185 s away, its arrivals just in, and a tick each second (0.4 s past the
    /// whole second, as real ticks fall): the list is looked at when the bus is 180 s away ("2 min"),
    /// 120 s away, as the arrivals are marked stale (121 s old: from then on their age is said, so
    /// its minutes count too), and 60 s away; not in the seconds between, nor as the fresh
    /// arrivals turn a minute or two old, which no word says.
    @Test func oneBusIsLookedAtOnlyAsItsWordsMayChange() {
        let favourite = Favourite(stop: busStop("OE", "Oxford Circus"))
        var live = StopLive()
        live.received(ArrivalsResult(arrivals: [Arrival(line: "73", destination: "Euston", expected: Self.base + 185)],
                                     provenance: .live(received: Self.base)), at: Self.base)
        let start = Self.base + 0.4
        var looks: [Int] = []
        var until = FavouriteRow.steadyUntil(favourite, live: live, after: start)
        for second in 1...130 where start + Double(second) >= until {
            looks.append(second)
            until = FavouriteRow.steadyUntil(favourite, live: live, after: start + Double(second))
        }
        #expect(looks == [5, 65, 121, 125])
    }

    static func stop(_ random: inout SplitMix64) -> (Favourite, StopLive) {
        let tram = Bool.random(using: &random)
        let lines = tram ? ["78", "79", "16"] : ["12", "73", "9", "390"]
        let stop = tram
            ? TransitStop(provider: TramTrackerProvider(), stopID: "4055", name: "Highett St", lines: lines)
            : busStop("OE", "Oxford Circus", lines: lines)
        let routes = lines.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
        let received = base.addingTimeInterval(-Double.random(in: 0...2400, using: &random))
        let arrivals = (0..<Int.random(in: 0...8, using: &random)).map { _ in
            Arrival(line: lines.randomElement(using: &random)!, destination: "Somewhere",
                    expected: base.addingTimeInterval(Double.random(in: -300...2700, using: &random)),
                    notices: Int.random(in: 0..<4, using: &random) == 0 ? [StopNotice(kind: .disruption, text: "Diverted")] : [])
        }.sorted { $0.expected < $1.expected }
        let provenance: Provenance = Bool.random(using: &random)
            ? .live(received: received)
            : .kept(received: received, because: Bool.random(using: &random) ? nil : .transport(.system("offline")))
        var live = StopLive()
        live.received(ArrivalsResult(arrivals: arrivals, provenance: provenance), at: received)
        if Int.random(in: 0..<4, using: &random) == 0 {
            live.failed(UserFacingError(title: "Can’t reach TfL", message: "Check the connection.", details: nil, canRetry: true))
        }
        return (Favourite(stop: stop, routes: routes), live)
    }
}

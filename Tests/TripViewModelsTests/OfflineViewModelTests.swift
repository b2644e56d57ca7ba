import Foundation
import Testing
import TripCore
import TripWords
@testable import TripViewModels
import TestSupport

/// Answers kept from earlier on the pages: said with their time and age, marked as not fresh, and
/// replaced by fresh ones; kept arrivals counted down from their expected times.
@MainActor
struct OfflineViewModelTests {
    let service = GatedDealsService()
    let clock = TestClock(Date(timeIntervalSince1970: 1_795_338_000)) // 2026-11-22T09:00:00Z
    let refused = APIError.transport(.refused)

    func makeDeals() -> DealsViewModel {
        let clock = clock
        return DealsViewModel(service: service, now: { clock.now }, formatter: PriceFormatter(locale: Locale(identifier: "en_GB")))
    }

    /// "14:05" as the notices write a moment, on this machine's clock.
    func time(_ instant: Date) -> String {
        LocalDateTime(instant, in: .current).clockTime(.twentyFourHour)
    }

    /// Deals kept from an earlier run show at once, said to be old and marked, while the fresh ones
    /// load; the fresh ones then replace them and the notice goes.
    @Test func keptDealsShowWhileTheFreshOnesLoad() async {
        let received = clock.now.addingTimeInterval(-12 * 60)
        service.kept = DealsResult(deals: [deal("Malta", position: 0)], provenance: .kept(received: received, because: nil))
        let model = makeDeals()
        model.appear()
        await settle { model.state.value != nil }
        #expect(model.isRefreshing, "still asking for the fresh deals")
        #expect(model.showsKept)
        #expect(model.notice?.sentence == "Showing deals from \(time(received)) (12 min ago) — looking for newer ones")
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [deal("Malta", position: 0), deal("Crete", position: 1)],
                                            provenance: .live(received: clock.now))))
        await settle { model.state.value?.count == 2 }
        #expect(!model.showsKept)
        #expect(model.notice == nil)
    }

    /// Fresh deals that come first are never replaced by kept ones arriving late.
    @Test func keptDealsNeverReplaceFreshOnes() async {
        service.kept = DealsResult(deals: [deal("Old", position: 0)], provenance: .kept(received: clock.now, because: nil))
        let model = makeDeals()
        model.appear()
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [deal("New", position: 0)], provenance: .live(received: clock.now))))
        await settle { model.state == .loaded(model.state.value ?? []) && model.state.value?.first?.title == "New" }
        #expect(model.state.value?.map(\.title) == ["New"])
    }

    /// Asking that fails before the kept deals are read ends as when they are read first: the kept
    /// deals, marked, under the failure (a refusal is said, not hidden).
    @Test func keptDealsReadAfterAFailureShowUnderIt() async {
        let received = clock.now.addingTimeInterval(-12 * 60)
        service.kept = DealsResult(deals: [deal("Malta", position: 0)], provenance: .kept(received: received, because: nil))
        service.holdsKept = true
        let model = makeDeals()
        model.appear()
        await settle { service.waitingCount == 1 && service.keptWaitingCount == 1 }
        service.answer(.failure(.httpStatus(400)))
        await settle { model.state.failure != nil }
        #expect(model.screen == .failed(model.state.failure!))
        service.releaseKept()
        await settle { model.state.value != nil }
        #expect(model.screen == .content)
        #expect(model.showsKept)
        #expect(model.refreshFailure != nil)
        #expect(model.notice?.sentence == model.refreshFailure.map { ContentNotice(refreshFailed: $0) }?.sentence)
    }

    /// Offline, the deals kept stand in for the failure: the notice says so, with their time and
    /// age and why asking failed behind Details; Retry that succeeds clears it.
    @Test func offlineDealsAreSaidAndRetryClearsThem() async {
        let received = clock.now.addingTimeInterval(-2 * 3600 - 5 * 60)
        let model = makeDeals()
        model.appear()
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [deal("Malta", position: 0)], provenance: .kept(received: received, because: refused))))
        await settle { model.state.value != nil }
        #expect(model.screen == .content)
        #expect(model.showsKept)
        #expect(model.notice?.sentence == "Offline — showing deals from \(time(received)) (2 h 05 min ago)")
        #expect(model.notice?.details?.contains("refused") == true)
        #expect(model.awaitsNetwork, "the network coming back should bring fresh deals")
        model.retry()
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [deal("Malta", position: 0)], provenance: .live(received: clock.now))))
        await settle { model.notice == nil }
        #expect(!model.showsKept)
        #expect(!model.awaitsNetwork)
    }

    // MARK: Arrivals

    static let stop = TransitStop(provider: TfLProvider(), stopID: "490000173OC", name: "Oxford Circus Station", letter: "OC")

    func keptArrivals(at minutes: [Double], received: Date, because: APIError?) -> ArrivalsResult {
        ArrivalsResult(arrivals: minutes.enumerated().map { index, minutes in
            Arrival(line: String(12 + index), destination: "Dulwich", expected: received.addingTimeInterval(minutes * 60))
        }, provenance: .kept(received: received, because: because))
    }

    /// Kept arrivals count down from their expected times, each marked "estimated"; those whose
    /// time has passed are dropped and counted.
    @Test func keptArrivalsCountDownAndDropTheGone() {
        let received = clock.now
        var live = StopLive()
        live.received(keptArrivals(at: [1, 4, 9], received: received, because: refused), at: received.addingTimeInterval(600))
        #expect(live.fetchedAt == received, "a kept answer dates from when it was received")
        let now = received.addingTimeInterval(5 * 60)
        let favourite = Favourite(stop: Self.stop)
        let row = FavouriteRow(favourite, live: live, now: now, isFirst: true, isLast: true, clock: .twentyFourHour)
        #expect(row.nextArrivals.map(\.time) == ["4 min · estimated"])
        #expect(row.nextArrivals.map(\.line) == ["14"])
        #expect(row.isStale)
        #expect(row.status == "Offline — showing arrivals from \(time(received)) (5 min ago) · 2 arrivals left out: their time has passed")
        #expect(row.accessibleName.contains("route 14 in 4 minutes · estimated"))

        let board = StopBoard(stop: Self.stop, live: live, favourite: favourite, sort: .time, now: now, clock: .twentyFourHour)
        #expect(board.rows.map(\.countdown) == ["4 min · estimated"])
        #expect(board.notice?.sentence == row.status)
        #expect(board.screen == .content)
    }

    /// Past 30 minutes, a stop's kept arrivals are not shown: it says it has no recent data.
    @Test func keptArrivalsPastThirtyMinutesSayNoRecentData() {
        let received = clock.now
        var live = StopLive()
        live.received(keptArrivals(at: [35, 40], received: received, because: refused), at: received)
        let now = received.addingTimeInterval(31 * 60)
        let favourite = Favourite(stop: Self.stop)
        let row = FavouriteRow(favourite, live: live, now: now, isFirst: true, isLast: true, clock: .twentyFourHour)
        #expect(row.nextArrivals.isEmpty)
        #expect(row.status == "No recent data since \(time(received))")
        let board = StopBoard(stop: Self.stop, live: live, favourite: favourite, sort: .time, now: now, clock: .twentyFourHour)
        #expect(board.rows.isEmpty)
        #expect(board.screen == .empty(title: "No recent data since \(time(received))", message: "The board keeps trying to reach the service."))
    }

    /// Live arrivals are as they came: no mark, no notice.
    @Test func liveArrivalsAreNotMarked() {
        var live = StopLive()
        let result = ArrivalsResult(arrivals: [Arrival(line: "12", destination: "Dulwich", expected: clock.now.addingTimeInterval(240))],
                                    provenance: .live(received: clock.now))
        live.received(result, at: clock.now)
        let row = FavouriteRow(Favourite(stop: Self.stop), live: live, now: clock.now, isFirst: true, isLast: true)
        #expect(row.nextArrivals.map(\.time) == ["4 min"])
        #expect(row.status == "")
        #expect(live.keptNotice(at: clock.now, service: "TfL", clock: nil) == nil)
    }

    /// At start, a stop's arrivals kept from an earlier run show at once, marked with their age and
    /// as estimates, while the first answer is awaited; the answer then replaces them.
    @Test func keptArrivalsShowAtStartWhileTheFirstAnswerLoads() async {
        let now = clock.now
        let steps = SteppedClock()
        let service = ScriptedStopService(["OC": arrivals(now, [("12", 240)])], arrivalsDelay: .seconds(1), clock: steps)
        let received = now.addingTimeInterval(-3 * 60)
        service.keep("OC", ArrivalsResult(arrivals: [Arrival(line: "12", destination: "Dulwich", expected: now.addingTimeInterval(120))],
                                          provenance: .kept(received: received, because: nil)))
        let stop = busStop("OC", "Oxford Circus Station", letter: "OC", lines: ["12"])
        let model = FavouritesViewModel(store: MemoryFavouritesStore([Favourite(stop: stop)]), services: [service], clock: steps,
                                        now: { now }, refreshInterval: .seconds(30))
        model.appear()
        await settle { model.rows.first?.nextArrivals.isEmpty == false }
        #expect(model.rows[0].nextArrivals.map(\.time) == ["2 min · estimated"])
        #expect(model.rows[0].status == "Showing arrivals from \(time(received)) (3 min ago) — looking for newer ones")
        #expect(model.notice == nil, "not offline: the fresh answer is on its way")
        // The kept arrivals can show before the request starts its 1 s wait: time moved before
        // then would leave the request waiting for good.
        await settle { service.requests == ["OC"] && steps.sleeping == 1 }
        await steps.advance(by: .seconds(1))
        await settle { model.rows.first?.nextArrivals.map(\.time) == ["4 min"] }
        #expect(model.rows[0].status == "")
    }
}

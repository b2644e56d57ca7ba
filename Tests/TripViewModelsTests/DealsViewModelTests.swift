import Foundation
import Testing
import TripCore
import TripWords
@testable import TripViewModels
import TestSupport

@MainActor
struct DealsViewModelTests {
    let service = GatedDealsService()
    let clock = TestClock(Date(timeIntervalSince1970: 1_795_338_000)) // 2026-11-22T09:00:00Z

    func makeModel() -> DealsViewModel {
        let clock = clock
        return DealsViewModel(service: service, now: { clock.now },
                              formatter: PriceFormatter(locale: Locale(identifier: "en_GB")))
    }

    /// Appearing starts loading; the answer becomes rows in the provider's order, ready to show.
    @Test func appearLoadsThenShowsRowsInPositionOrder() async {
        let model = makeModel()
        #expect(model.state == .idle)
        model.appear()
        #expect(model.state == .loading(shown: nil))
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [deal("Malta", position: 8, price: "162.96"), deal("Canaries", position: 0)])))
        await settle { model.state.value != nil }
        let rows = model.state.value ?? []
        #expect(rows.map(\.title) == ["Canaries", "Malta"])
        #expect(rows.last?.price == "from £162.96")
        #expect(rows.last?.hotels == "9 hotels")
        #expect(rows.first?.hotels == "1 hotel")
        #expect(rows.last?.accessibleName == "Malta, 9 hotels, from £162.96")
        #expect(model.summary == "2 destinations · check-in 20 December 2026")
        #expect(model.heading == "Holiday deals · 7 nights for 2 from London")
    }

    /// Showing the page again does not reload what is loaded or loading.
    @Test func appearingTwiceLoadsOnce() async {
        let model = makeModel()
        model.appear()
        model.appear()
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [deal("Malta", position: 8)])))
        await settle { model.state.value != nil }
        model.appear()
        await drain()
        #expect(service.queries.count == 1)
    }

    /// A failure becomes a plain-words error; Retry repeats exactly the query that failed.
    @Test func failureThenRetryRepeatsTheSameQuery() async {
        let model = makeModel()
        model.appear()
        await settle { service.waitingCount == 1 }
        service.answer(.failure(.httpStatus(503)))
        await settle { if case .failed = model.state { true } else { false } }
        guard case .failed(let failure, shown: nil) = model.state else { Issue.record("expected failure"); return }
        #expect(failure.canRetry)
        #expect(failure.title == "The deals service is having trouble")
        #expect(failure.details?.contains("503") == true)

        clock.advance(days: 3)
        model.retry()
        #expect(model.state == .loading(shown: nil))
        await settle { service.waitingCount == 1 }
        #expect(service.queries.count == 2)
        #expect(service.queries[0] == service.queries[1])
        service.answer(.success(DealsResult(deals: [deal("Malta", position: 8)])))
        await settle { model.state.value != nil }
        #expect(model.state.value?.count == 1)

        model.refresh()
        await settle { service.waitingCount == 1 }
        #expect(service.queries[2].checkInDate == service.queries[0].checkInDate.addingTimeInterval(3 * 86_400))
    }

    /// A failed refresh keeps the deals on screen and says so, instead of wiping the page.
    @Test func failedRefreshKeepsContent() async {
        let model = makeModel()
        model.appear()
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [deal("Malta", position: 8)])))
        await settle { model.state.value != nil }

        model.refresh()
        #expect(model.isRefreshing)
        #expect(model.state.value?.count == 1)
        await settle { service.waitingCount == 1 }
        service.answer(.failure(.transport(.refused)))
        await settle { model.refreshFailure != nil }
        #expect(model.isRefreshing == false)
        #expect(model.state.value?.map(\.title) == ["Malta"])
        #expect(model.refreshFailure?.title == "Can’t reach the deals service")
    }

    /// A new load cancels the old one: the older answer, arriving late, is never shown.
    @Test func lateAnswerOfReplacedLoadIsDropped() async {
        let model = makeModel()
        model.appear()
        await settle { service.waitingCount == 1 }
        model.refresh()
        await settle { service.waitingCount == 2 }

        service.answer(.success(DealsResult(deals: [deal("Newer", position: 0)])), call: 1)
        await settle { model.state.value != nil }
        service.answer(.success(DealsResult(deals: [deal("Older", position: 0)])), call: 0)
        await drain()
        #expect(model.state.value?.map(\.title) == ["Newer"])
    }

    /// Cancel stops waiting: nothing loads, and the late answer is ignored.
    @Test func cancelReturnsToIdle() async {
        let model = makeModel()
        model.appear()
        await settle { service.waitingCount == 1 }
        model.cancel()
        #expect(model.state == .idle)
        service.answer(.success(DealsResult(deals: [deal("Late", position: 0)])))
        await drain()
        #expect(model.state == .idle)
    }

    /// Malformed entries the service sent are counted for the page to mention.
    @Test func skippedEntriesAreCounted() async {
        let model = makeModel()
        model.appear()
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [deal("Malta", position: 8)],
                                            leftOut: LeftOut(count: 3, reason: .missingField("Title", at: ["4|1"])))))
        await settle { model.state.value != nil }
        #expect(model.leftOut == "3 deals could not be read")
        #expect(model.leftOutDetails == "3 deals could not be read (the first: no Title in 4|1)")
        #expect(model.summary == "1 destination · check-in 20 December 2026 · 3 deals could not be read")
    }

    /// An empty answer is loaded-and-empty, not a failure.
    @Test func emptyAnswerIsLoadedEmpty() async {
        let model = makeModel()
        model.appear()
        await settle { service.waitingCount == 1 }
        service.answer(.success(DealsResult(deals: [])))
        await settle { model.state.value != nil }
        #expect(model.state == .loaded([]))
    }
}

struct UserFacingErrorTests {
    /// Each kind of service error reads as plain words, with Retry only where it can help.
    @Test(arguments: [
        (APIError.transport(.system("timed out")), "Can’t reach the deals service", true),
        (APIError.httpStatus(500), "The deals service is having trouble", true),
        (APIError.httpStatus(404), "The deals service refused the request", false),
        (APIError.httpStatus(429), "The deals service refused the request", true),
        (APIError.decoding(.notJSON), "Unexpected answer from the deals service", true),
        (APIError.service(.said("Past date")), "The deals service reported a problem", true),
    ])
    func explainsEachError(error: APIError, title: String, canRetry: Bool) {
        let failure = UserFacingError(error, service: "the deals service")
        #expect(failure.title == title)
        #expect(failure.canRetry == canRetry)
        #expect(!failure.message.isEmpty)
    }
}

import Foundation
import Synchronization
import Testing
@testable import TripCore
import TripWords
import TestSupport

/// The polling state machine, against a scripted transport and a clock that never really sleeps.
struct DepartureSearchTests {
    let query = DepartureQuery.standard
    let base = URL(string: "https://napi.example/prefix")!

    func search(_ transport: ScriptedTransport, maxPolls: Int = 30, deadline: Duration = .seconds(60),
                interval: Duration = .seconds(1)) -> DepartureSearch<SteppedClock> {
        DepartureSearch(client: BusbudClient(transport: transport, baseURL: base, token: "secret"),
                        clock: SteppedClock(sleepsEndAtOnce: true), pollInterval: interval, deadline: deadline, maxPolls: maxPolls)
    }

    func collect(_ search: DepartureSearch<SteppedClock>) async -> [SearchSnapshot] {
        var snapshots: [SearchSnapshot] = []
        for await snapshot in search.snapshots(for: query) { snapshots.append(snapshot) }
        return snapshots
    }

    /// Pages merge in arrival order, duplicates are dropped, and the search ends complete.
    @Test func pagesMergeAndDuplicatesAreDropped() async throws {
        let transport = ScriptedTransport([try .fixture("busbud-first.json"), try .fixture("busbud-poll-1.json"),
                                           try .fixture("busbud-poll-2.json")])
        let snapshots = await collect(search(transport))
        #expect(snapshots.map(\.phase) == [.searching, .searching, .complete])
        #expect(snapshots.map { $0.departures.count } == [2, 3, 4])
        let last = try #require(snapshots.last)
        #expect(last.departures.map(\.id) == ["dep-day", "dep-night", "dep-noon", "dep-morning"])
        #expect(last.pages == 3)
        #expect(last.skipped == 1)
        #expect(last.departures.first?.availableSeats == 11, "a later copy replaces the earlier one")
        #expect(last.cities.map(\.name) == ["New York", "Montréal"], "cities are kept from the first answer")
    }

    /// Each poll sends every search parameter plus `index`, the count of departures received so far
    /// (malformed ones included, a repeat of one already received not: at worst the service sends
    /// one again, where counting repeats could skip one), with the Accept and token headers.
    @Test func pollsSendTheRightIndexAndHeaders() async throws {
        let transport = ScriptedTransport([try .fixture("busbud-first.json"), try .fixture("busbud-poll-1.json"),
                                           try .fixture("busbud-poll-2.json")])
        _ = await collect(search(transport))
        let urls = transport.requests.map(\.url.absoluteString)
        #expect(urls == [
            "https://napi.example/prefix/x-departures/dr5reg/f25dvk/2016-07-29?adult=1&child=0&senior=0&lang=en&currency=USD",
            "https://napi.example/prefix/x-departures/dr5reg/f25dvk/2016-07-29/poll?adult=1&child=0&senior=0&lang=en&currency=USD&index=3",
            "https://napi.example/prefix/x-departures/dr5reg/f25dvk/2016-07-29/poll?adult=1&child=0&senior=0&lang=en&currency=USD&index=4",
        ])
        for request in transport.requests {
            #expect(request.headers["Accept"] == "application/vnd.busbud+json; version=2; profile=https://schema.busbud.com/v2/")
            #expect(request.headers["X-Busbud-Token"] == "secret")
        }
    }

    /// A departure whose operator arrives on a later page shows at once and fills in when it does.
    @Test func operatorArrivingLaterFillsIn() async throws {
        let transport = ScriptedTransport([try .fixture("busbud-first.json"), try .fixture("busbud-poll-1.json"),
                                           try .fixture("busbud-poll-2.json")])
        let snapshots = await collect(search(transport))
        let before = try #require(snapshots.first?.departures.first { $0.id == "dep-night" })
        #expect(before.operatorName == nil)
        #expect(before.originName == "Port Authority Bus Terminal")
        let after = try #require(snapshots.last?.departures.first { $0.id == "dep-night" })
        #expect(after.operatorName == "Late Coaches Inc.")
        #expect(after.currency == "CAD", "a departure's own currency wins")
        #expect(snapshots.last?.departures.first { $0.id == "dep-noon" }?.currency == "USD", "else the requested one")
    }

    /// Past the poll limit the search ends with what it gathered, marked as given up.
    @Test func pollLimitGivesAPartialResult() async throws {
        let transport = ScriptedTransport([try .fixture("busbud-first.json"), try .fixture("busbud-poll-1.json"),
                                           try .fixture("busbud-poll-1.json"), try .fixture("busbud-poll-1.json")])
        let snapshots = await collect(search(transport, maxPolls: 2))
        #expect(snapshots.last?.phase == .gaveUp(polls: 2))
        #expect(snapshots.last?.departures.count == 3)
        #expect(transport.requests.count == 3)
    }

    /// Past the deadline, measured on the injected clock, the search stops polling.
    @Test func deadlineGivesAPartialResult() async throws {
        let pages: [Result<HTTPResponse, APIError>] = [try .fixture("busbud-first.json")]
            + Array(repeating: try .fixture("busbud-poll-1.json"), count: 10)
        let transport = ScriptedTransport(pages)
        let snapshots = await collect(search(transport, deadline: .seconds(5), interval: .seconds(2)))
        #expect(snapshots.last?.phase == .gaveUp(polls: 2))
        #expect(transport.requests.count == 3)
    }

    /// A page that fails ends the search with the error and keeps what arrived before it.
    @Test func failureMidSearchKeepsThePartialList() async throws {
        let transport = ScriptedTransport([try .fixture("busbud-first.json"), .success(HTTPResponse(status: 500))])
        let snapshots = await collect(search(transport))
        #expect(snapshots.last?.phase == .failed(.httpStatus(500)))
        #expect(snapshots.last?.departures.map(\.id) == ["dep-day", "dep-night"])
    }

    /// A first answer that fails gives a failed snapshot with nothing in it.
    @Test func failedFirstAnswer() async throws {
        let transport = ScriptedTransport([.failure(.transport(.refused))])
        let snapshots = await collect(search(transport))
        #expect(snapshots == [SearchSnapshot(phase: .failed(.transport(.refused)))])
    }

    /// A pair the service does not serve ends at once, complete and empty, without polling.
    @Test func invalidRouteEndsAtOnce() async throws {
        let transport = ScriptedTransport([try .fixture("busbud-invalid-route.json")])
        let snapshots = await collect(search(transport))
        #expect(snapshots.count == 1)
        #expect(snapshots.first?.phase == .complete)
        #expect(snapshots.first?.isValidRoute == false)
        #expect(transport.requests.count == 1)
    }

    /// Polls are spaced from when the previous request was sent: a page that takes 400 ms to
    /// arrive does not add 400 ms to the wait for the next.
    @Test func pollsAreSpacedFromTheirSending() async throws {
        let clock = SteppedClock(sleepsEndAtOnce: true)
        let transport = SlowTransport(inner: ScriptedTransport([try .fixture("busbud-first.json"), try .fixture("busbud-poll-1.json"),
                                                                try .fixture("busbud-poll-2.json")]),
                                      clock: clock, takes: .milliseconds(400))
        let search = DepartureSearch(client: BusbudClient(transport: transport, baseURL: base), clock: clock,
                                     pollInterval: .milliseconds(1500))
        for await _ in search.snapshots(for: query) {}
        let sent = transport.sentAt
        #expect(sent.count == 3)
        #expect(zip(sent, sent.dropFirst()).map { $0.duration(to: $1) } == [.milliseconds(1500), .milliseconds(1500)])
    }

    /// A page's body (5 MB for 2,000 departures) is let go once its page is merged: none is still
    /// held when the next page is asked for, so two are never in memory at once.
    @Test func noPagesBodyIsHeldWhileTheNextComes() async throws {
        let transport = BodyTrackingTransport(inner: ScriptedTransport([
            try .fixture("busbud-first.json"), try .fixture("busbud-poll-1.json"), try .fixture("busbud-poll-2.json"),
        ]))
        let snapshots = await collect(DepartureSearch(client: BusbudClient(transport: transport, baseURL: base),
                                                      clock: SteppedClock(sleepsEndAtOnce: true), pollInterval: .seconds(1)))
        #expect(snapshots.last?.phase == .complete)
        #expect(transport.heldAtEachSend == [0, 0, 0])
        #expect(transport.held == 0)
    }

    /// Stopping the consumer cancels the search: no poll is sent after it.
    @Test func cancellationStopsPolling() async throws {
        let pages: [Result<HTTPResponse, APIError>] = [try .fixture("busbud-first.json")]
            + Array(repeating: try .fixture("busbud-poll-1.json"), count: 50)
        let transport = ScriptedTransport(pages)
        let clock = SteppedClock()
        let search = DepartureSearch(client: BusbudClient(transport: transport, baseURL: base),
                                     clock: clock, pollInterval: .seconds(2))
        for await snapshot in search.snapshots(for: query) {
            #expect(snapshot.phase == .searching)
            break
        }
        // Leaving the loop cancelled the search; whether it was already waiting for its next
        // poll or not, time passing well beyond the interval must send nothing.
        await clock.advance(by: .seconds(10))
        #expect(transport.requests.count == 1)
    }
}

struct DepartureQueryTests {
    /// Searches that cannot be sent say why.
    @Test(arguments: [
        (DepartureQuery(origin: "a", destination: "a", date: LocalDate(year: 2016, month: 7, day: 29)), "Choose two different cities."),
        (DepartureQuery(origin: "a", destination: "b", date: LocalDate(year: 2016, month: 7, day: 29), adults: 0), "Add at least one traveller."),
        (DepartureQuery(origin: "a", destination: "b", date: LocalDate(year: 2016, month: 7, day: 29), adults: 15, children: 6),
         "Book groups of more than 20 travellers with the operator."),
    ])
    func invalidQueriesExplainThemselves(query: DepartureQuery, problem: String) {
        #expect(query.problem?.sentence == problem)
    }

    /// The brief's query is valid: one adult, New York to Montréal, 29 July 2016, US dollars.
    @Test func standardQueryIsValid() {
        #expect(DepartureQuery.standard.problem == nil)
        #expect(DepartureQuery.standard.date.description == "2016-07-29")
    }
}

struct LocalDateTests {
    @Test(arguments: ["2016-07-29", "2024-02-29", "0001-01-01"])
    func parsesRealDays(text: String) {
        #expect(LocalDate(text)?.description == text)
    }

    @Test(arguments: ["2023-02-29", "2016-13-01", "2016-7-29", "29/07/2016", ""])
    func rejectsOtherText(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test func countsDaysAcrossMonthEnds() {
        #expect(LocalDate(year: 2016, month: 7, day: 31).days(to: LocalDate(year: 2016, month: 8, day: 1)) == 1)
        #expect(LocalDate(year: 2016, month: 7, day: 31).adding(days: 1) == LocalDate(year: 2016, month: 8, day: 1))
    }
}

/// Answers through `inner`, each answer taking `takes` on the manual clock; notes when each request was sent.
final class SlowTransport: HTTPTransport {
    let inner: ScriptedTransport
    let clock: SteppedClock
    let takes: Duration
    private let sent = Mutex<[SteppedClock.Instant]>([])

    init(inner: ScriptedTransport, clock: SteppedClock, takes: Duration) {
        self.inner = inner
        self.clock = clock
        self.takes = takes
    }

    var sentAt: [SteppedClock.Instant] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        sent.withLock { $0.append(clock.now) }
        try? await clock.sleep(for: takes)
        return try await inner.send(request)
    }
}

/// Answers as `inner` does, each body in memory of its own whose release it counts, and notes how
/// many bodies given were still held when each request was sent.
final class BodyTrackingTransport: HTTPTransport {
    let inner: any HTTPTransport
    /// A reference the bodies' deallocators hold.
    private final class Tally: Sendable {
        let live = Mutex(0)
    }
    private let tally = Tally()
    private let counts = Mutex<[Int]>([])

    init(inner: any HTTPTransport) {
        self.inner = inner
    }

    /// Bodies given and not yet released.
    var held: Int { tally.live.withLock { $0 } }
    var heldAtEachSend: [Int] { counts.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let now = held
        counts.withLock { $0.append(now) }
        var response = try await inner.send(request)
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: response.body.count, alignment: 1)
        response.body.copyBytes(to: bytes.assumingMemoryBound(to: UInt8.self), count: response.body.count)
        tally.live.withLock { $0 += 1 }
        response.body = Data(bytesNoCopy: bytes, count: response.body.count, deallocator: .custom { [tally] pointer, _ in
            pointer.deallocate()
            tally.live.withLock { $0 -= 1 }
        })
        return response
    }
}

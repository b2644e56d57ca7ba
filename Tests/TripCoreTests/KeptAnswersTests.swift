import Foundation
import Synchronization
import Testing
@testable import TripCore
import TestSupport

/// Answers kept in memory, as `AnswerCache` keeps them on disk; a lookup can be made to find damage.
actor MemoryAnswers: AnswerCaching {
    private(set) var answers: [AnswerKey: CachedAnswer] = [:]
    var damage: CacheDamage?
    /// How many lookups were made.
    private(set) var reads = 0

    func keep(_ answer: CachedAnswer) async { answers[answer.key] = answer }

    func kept(_ key: AnswerKey) async -> CacheLookup {
        reads += 1
        if let damage { return .damaged(damage) }
        return answers[key].map(CacheLookup.found) ?? .none
    }

    func damage(_ damage: CacheDamage) { self.damage = damage }
}

/// A cache whose writers say what they were given: the bodies, then `finish` or `abandon`.
final class RecordingAnswers: AnswerCaching {
    /// A body comes with how many requests had been sent when it was added.
    enum Event: Equatable { case add(Data, afterRequests: Int), finish(Date), abandon }
    private let log = Mutex<[Event]>([])
    let requests = Mutex<ScriptedTransport?>(nil)
    var events: [Event] { log.withLock { $0 } }

    func keep(_ answer: CachedAnswer) async {}
    func kept(_ key: AnswerKey) async -> CacheLookup { .none }
    func writer(for key: AnswerKey) -> any AnswerWriting { Writer(log: self) }
    func record(_ event: Event) { log.withLock { $0.append(event) } }

    struct Writer: AnswerWriting {
        let log: RecordingAnswers
        func add(_ body: Data) async {
            log.record(.add(body, afterRequests: log.requests.withLock { $0?.requests.count ?? 0 }))
        }
        func finish(received: Date) async { log.record(.finish(received)) }
        func abandon() async { log.record(.abandon) }
    }
}

/// The app's clock, moved by the test.
final class TestClock: Sendable {
    private let moment: Mutex<Date>
    init(_ start: Date) { moment = Mutex(start) }
    var now: Date { moment.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { moment.withLock { $0 += seconds } }
}

/// Keeping answers and falling back on them: deals, departure searches (with Busbud's ttl) and
/// arrivals, over scripted transports and a clock the test moves.
struct KeptAnswersTests {
    static let start = Date(timeIntervalSince1970: 1_764_000_000)
    let clock = TestClock(start)
    let answers = MemoryAnswers()
    let refused = APIError.transport(.refused)

    func keeper(offersKept: Bool = true, said: Said? = nil) -> AnswerKeeper {
        let clock = clock
        return AnswerKeeper(cache: answers, now: { clock.now }, offersKept: offersKept) { damage in said?.add(damage) }
    }

    /// What the keeper said of damaged answers.
    final class Said: Sendable {
        private let said = Mutex<[CacheDamage]>([])
        func add(_ damage: CacheDamage) { said.withLock { $0.append(damage) } }
        var all: [CacheDamage] { said.withLock { $0 } }
    }

    func deals(_ transport: ScriptedTransport, offersKept: Bool = true) -> KeptDeals {
        KeptDeals(client: DealsClient(transport: transport, endpoint: URL(string: "https://deals.example/search")!, imageTemplate: nil),
                  keeper: keeper(offersKept: offersKept))
    }

    /// A fresh answer is kept with the time it arrived; when the network then fails, the kept deals
    /// come back marked with that time and the failure.
    @Test func dealsFallBackOnANetworkFailure() async throws {
        let query = DealsQuery.standard(now: Self.start)
        let transport = ScriptedTransport([try .fixture("deals-bare.json"), .failure(refused)])
        let live = try await deals(transport).fetchDeals(query)
        #expect(live.provenance == .live(received: Self.start))
        clock.advance(720)
        let kept = try await deals(transport).fetchDeals(query)
        #expect(kept.deals == live.deals)
        #expect(kept.provenance == .kept(received: Self.start, because: refused))
        #expect(kept.provenance?.isOffline == true)
    }

    /// What the service said about the request, and an answer that cannot be read, are said as
    /// they are, never hidden behind the kept deals; nor is anything under `--fresh`.
    @Test(arguments: [APIError.httpStatus(404), .httpStatus(400), .throttled(retryAfter: 30), .decoding(.notJSON)])
    func dealsDoNotHide(_ failure: APIError) async throws {
        let query = DealsQuery.standard(now: Self.start)
        let transport = ScriptedTransport([try .fixture("deals-bare.json"), .failure(failure), .failure(refused)])
        _ = try await deals(transport).fetchDeals(query)
        await #expect(throws: failure) { try await deals(transport).fetchDeals(query) }
        await #expect(throws: refused) { try await deals(transport, offersKept: false).fetchDeals(query) }
    }

    /// A failure with nothing kept, or only another query's deals, is said as it is.
    @Test func nothingKeptIsTheFailure() async throws {
        let transport = ScriptedTransport([try .fixture("deals-bare.json"), .failure(refused)])
        _ = try await deals(transport).fetchDeals(DealsQuery.standard(now: Self.start))
        await #expect(throws: refused) {
            try await deals(transport).fetchDeals(DealsQuery.standard(now: Self.start.addingTimeInterval(3 * 86_400)))
        }
    }

    /// Kept deals shown at start, before asking, are marked as kept with no failure; none under `--fresh`.
    @Test func keptDealsShownFirst() async throws {
        let query = DealsQuery.standard(now: Self.start)
        _ = try await deals(ScriptedTransport([try .fixture("deals-bare.json")])).fetchDeals(query)
        let first = try #require(await deals(ScriptedTransport([])).keptDeals(query))
        #expect(first.provenance == .kept(received: Self.start, because: nil))
        #expect(await deals(ScriptedTransport([]), offersKept: false).keptDeals(query) == nil)
    }

    /// A damaged kept answer is said (once, through the keeper) and the failure stands.
    @Test func damageIsSaidAndTheFailureStands() async throws {
        await answers.damage(.movedAside(file: "x.answer.damaged", folder: "/cache/answers"))
        let said = Said()
        let kept = KeptDeals(client: DealsClient(transport: ScriptedTransport([.failure(refused)]),
                                                 endpoint: URL(string: "https://deals.example/search")!, imageTemplate: nil),
                             keeper: keeper(said: said))
        await #expect(throws: refused) { try await kept.fetchDeals(DealsQuery.standard(now: Self.start)) }
        #expect(said.all == [.movedAside(file: "x.answer.damaged", folder: "/cache/answers")])
    }

    // MARK: Departures

    func search(_ transport: ScriptedTransport) -> DepartureSearch<SteppedClock> {
        DepartureSearch(client: BusbudClient(transport: transport, baseURL: URL(string: "https://napi.example")!),
                        clock: SteppedClock(sleepsEndAtOnce: true), pollInterval: .seconds(1), keeper: keeper())
    }

    func collect(_ search: DepartureSearch<SteppedClock>) async -> [SearchSnapshot] {
        var snapshots: [SearchSnapshot] = []
        for await snapshot in search.snapshots(for: .standard) { snapshots.append(snapshot) }
        return snapshots
    }

    func pages() throws -> [Result<HTTPResponse, APIError>] {
        [try .fixture("busbud-first.json"), try .fixture("busbud-poll-1.json"), try .fixture("busbud-poll-2.json")]
    }

    /// A complete search is kept; past its ttl (900 s), a search that cannot reach the service shows
    /// the kept result, whole, with its time and the failure.
    @Test func searchFallsBackPastItsTTL() async throws {
        let live = await collect(search(ScriptedTransport(try pages())))
        let complete = try #require(live.last)
        #expect(complete.phase == .complete)
        #expect(complete.provenance == .live(received: Self.start))
        clock.advance(901)
        let offline = await collect(search(ScriptedTransport([.failure(refused)])))
        #expect(offline.count == 1)
        #expect(offline.last?.phase == .complete)
        #expect(offline.last?.departures == complete.departures)
        #expect(offline.last?.provenance == .kept(received: Self.start, because: refused))
    }

    /// Younger than its ttl, the kept search opens at once, before any request, and stays on screen
    /// while the search runs again behind it; the fresh result then replaces it.
    @Test func searchWithinItsTTLOpensAtOnceThenRefreshes() async throws {
        _ = await collect(search(ScriptedTransport(try pages())))
        clock.advance(600)
        let transport = ScriptedTransport(try pages())
        let snapshots = await collect(search(transport))
        #expect(snapshots.map(\.phase) == [.searching, .searching, .searching, .complete])
        #expect(snapshots.dropLast().allSatisfy { $0.provenance == .kept(received: Self.start, because: nil) })
        #expect(snapshots.dropLast().allSatisfy { $0.departures.count == 4 }, "the kept departures stay while pages arrive")
        #expect(snapshots.last?.provenance == .live(received: Self.start.addingTimeInterval(600)))
        #expect(transport.requests.count == 3)
        // The same departures fresh only add to those kept: one lineage, so the window keeps its rows.
        let (kept, fresh) = (try #require(snapshots.first), try #require(snapshots.last))
        #expect(fresh.departures.starts(with: kept.departures))
        #expect(fresh.lineage === kept.lineage)
        // Received again unchanged, a departure is the copy on screen: its text is not held twice.
        #expect(try #require(kept.departures.first?.originName).utf8.count > 15)
        #expect(textStorage(fresh.departures.first?.originName) == textStorage(kept.departures.first?.originName))
    }

    /// A kept search of which a page cannot be read is not shown in part: offline, the failure is said.
    @Test func aKeptSearchWithAnUnreadablePageIsNotShown() async throws {
        let key = AnswerKey.departures(.standard, source: URL(string: "https://napi.example")!)
        await answers.keep(CachedAnswer(key: key, received: Self.start, bodies: [try Fixture.data("busbud-first.json"),
                                                                                  Data("<html>".utf8)]))
        let snapshots = await collect(search(ScriptedTransport([.failure(refused)])))
        #expect(snapshots.map(\.phase) == [.failed(refused)])
        #expect(snapshots.allSatisfy { $0.departures.isEmpty && $0.provenance == nil })
    }

    /// A fresh answer whose departures differ from those kept is of a lineage of its own.
    @Test func aChangedFreshAnswerStartsAnotherLineage() async throws {
        _ = await collect(search(ScriptedTransport(try pages())))
        clock.advance(600)
        let snapshots = await collect(search(ScriptedTransport([try .fixture("busbud-first.json"), try .fixture("busbud-poll-1.json"),
                                                                 .success(HTTPResponse(status: 200, body: Data(#"{"departures": [], "complete": true}"#.utf8)))])))
        let (kept, fresh) = (try #require(snapshots.first), try #require(snapshots.last))
        #expect(fresh.phase == .complete)
        #expect(!fresh.departures.starts(with: kept.departures))
        #expect(fresh.lineage !== kept.lineage)
    }

    /// Within its ttl and offline: the kept search, now marked with the failure.
    @Test func searchWithinItsTTLOffline() async throws {
        _ = await collect(search(ScriptedTransport(try pages())))
        clock.advance(60)
        let snapshots = await collect(search(ScriptedTransport([.failure(refused)])))
        #expect(snapshots.map(\.provenance) == [.kept(received: Self.start, because: nil), .kept(received: Self.start, because: refused)])
        #expect(snapshots.last?.phase == .complete)
    }

    /// A search's pages go to the cache one by one, as received, rather than held until the last:
    /// a complete search is finished with the time it arrived; one that fails half-way is abandoned.
    @Test func searchPagesAreKeptAsTheyComeAndAFailedSearchIsDropped() async throws {
        let recording = RecordingAnswers()
        let clock = clock
        func search(_ transport: ScriptedTransport) -> DepartureSearch<SteppedClock> {
            DepartureSearch(client: BusbudClient(transport: transport, baseURL: URL(string: "https://napi.example")!),
                            clock: SteppedClock(sleepsEndAtOnce: true), pollInterval: .seconds(1),
                            keeper: AnswerKeeper(cache: recording, now: { clock.now }))
        }
        let bodies = try ["busbud-first.json", "busbud-poll-1.json", "busbud-poll-2.json"].map(Fixture.data)
        let transport = ScriptedTransport(try pages())
        recording.requests.withLock { $0 = transport }
        _ = await search(transport).result(for: .standard)
        // Each page is written before the next is asked for.
        #expect(recording.events == [.add(bodies[0], afterRequests: 1), .add(bodies[1], afterRequests: 2),
                                     .add(bodies[2], afterRequests: 3), .finish(Self.start), .abandon])
        let before = recording.events.count
        let failing = ScriptedTransport([try .fixture("busbud-first.json"), .failure(.httpStatus(500))])
        recording.requests.withLock { $0 = failing }
        _ = await search(failing).result(for: .standard)
        #expect(Array(recording.events[before...]) == [.add(bodies[0], afterRequests: 1), .abandon])
    }

    /// A 4xx is said as it is, whatever is kept; a search that never completed is not kept.
    @Test func searchDoesNotHideARefusalNorKeepAPartialOne() async throws {
        _ = await collect(search(ScriptedTransport([try .fixture("busbud-first.json"), .failure(.httpStatus(500))])))
        clock.advance(901)
        #expect(await collect(search(ScriptedTransport([.failure(refused)]))).last?.phase == .failed(refused),
                "nothing was kept of a search that failed half-way")
        _ = await collect(search(ScriptedTransport(try pages())))
        clock.advance(901)
        #expect(await collect(search(ScriptedTransport([.failure(.httpStatus(400))]))).last?.phase == .failed(.httpStatus(400)))
    }

    /// The command line's `result(for:)` ends as the stream does (live, kept within and past its
    /// ttl when offline, a refusal), but reads the kept answer only when a failure calls for it.
    @Test func resultIsTheStreamsLastSnapshotAndReadsKeptOnlyOnFailure() async throws {
        let live = await search(ScriptedTransport(try pages())).result(for: .standard)
        #expect(live.phase == .complete)
        #expect(live.provenance == .live(received: Self.start))
        #expect(await answers.reads == 0, "a search that succeeds reads nothing kept")
        clock.advance(600)
        let fresh = await search(ScriptedTransport(try pages())).result(for: .standard)
        #expect(fresh == (await collect(search(ScriptedTransport(try pages())))).last)
        #expect(fresh.provenance == .live(received: Self.start.addingTimeInterval(600)))
        let readsBefore = await answers.reads
        for advance in [0.0, 901] {
            clock.advance(advance)
            let offline = await search(ScriptedTransport([.failure(refused)])).result(for: .standard)
            #expect(offline == (await collect(search(ScriptedTransport([.failure(refused)])))).last)
            #expect(offline.provenance == .kept(received: Self.start.addingTimeInterval(600), because: refused))
            #expect(offline.departures.count == 4)
        }
        #expect(await answers.reads == readsBefore + 4, "one read for each offline search, by either way")
        let refusal = await search(ScriptedTransport([.failure(.httpStatus(400))])).result(for: .standard)
        #expect(refusal.phase == .failed(.httpStatus(400)))
    }

    // MARK: Arrivals

    /// The registry's transit services, and which clients keep arrivals, come from the protocols
    /// themselves (no dynamic cast): the two transit services of the four, both keeping; a client
    /// that already keeps (the wrapper) is not wrapped again.
    @Test func transitServicesAndKeepingClientsAreKnownByTheirProtocols() {
        #expect(ServiceRegistry.standard.transit.map(\.id) == [.tfl, .tramTracker])
        #expect(ServiceRegistry.standard.services.compactMap(\.asTransit).count == 2)
        let transport = ScriptedTransport([])
        let tfl = TfLClient(transport: transport, baseURL: URL(string: "https://tfl.example")!)
        #expect(tfl.keepingArrivals != nil)
        #expect(TramTrackerClient(transport: transport).keepingArrivals != nil)
        #expect(KeepingTransitClient(tfl, keeper: keeper()).keepingArrivals == nil)
    }

    /// TfL's arrivals are kept as received; offline, the kept ones come back with their expected
    /// times (so they count down on the clock) and the failure.
    @Test func arrivalsFallBack() async throws {
        let transport = ScriptedTransport([try .fixture("tfl-arrivals-unsorted.json"), .failure(APIError.transport(.timedOut(seconds: 10)))])
        let client = KeepingTransitClient(TfLClient(transport: transport, baseURL: URL(string: "https://tfl.example")!), keeper: keeper())
        let live = try await client.arrivals(at: "490008660N")
        #expect(live.provenance == Provenance.live(received: Self.start))
        clock.advance(120)
        let kept = try await client.arrivals(at: "490008660N")
        #expect(kept.arrivals == live.arrivals)
        #expect(kept.provenance == Provenance.kept(received: Self.start, because: .transport(.timedOut(seconds: 10))))
        #expect(try #require(await client.keptArrivals(at: "490008660N")).provenance == Provenance.kept(received: Self.start, because: nil))
        #expect(await client.keptArrivals(at: "another") == nil)
    }
}

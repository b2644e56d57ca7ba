import Foundation
import Testing
@testable import TripCore

/// What may stand in for a failed request, how long a kept search is fresh, and kept arrivals
/// counting down on the clock.
struct OfflineTests {
    /// Every `APIError` case: what a network causes may be covered by a kept answer; what the service
    /// said about the request, or an answer that could not be read, may not.
    @Test(arguments: [
        (APIError.transport(.timedOut(seconds: 15)), true),
        (.transport(.refused), true),
        (.transport(.hostNotFound), true),
        (.transport(.offline), true),
        (.transport(.connectionLost), true),
        (.transport(.system("The network is unreachable")), true),
        (.transport(.noHTTPResponse), false),
        (.tooLarge(limit: 16 << 20), false),
        (.httpStatus(500), true),
        (.httpStatus(502), true),
        (.httpStatus(503), true),
        (.httpStatus(504), true),
        (.httpStatus(599), true),
        (.httpStatus(400, reason: "bad date"), false),
        (.httpStatus(401), false),
        (.httpStatus(403), false),
        (.httpStatus(404, reason: "no such stop"), false),
        (.httpStatus(304), false),
        (.throttled(retryAfter: 30), false),
        (.throttled(retryAfter: nil), false),
        (.decoding(.notJSON), false),
        (.decoding(.webPage), false),
        (.decoding(.emptyAnswer), false),
        (.service(.said("Stop not found")), false),
        (.service(.noReasonGiven), false),
        (.cancelled, false),
    ] as [(APIError, Bool)])
    func fallbackIsForWhatANetworkCauses(error: APIError, allowed: Bool) {
        #expect(Fallback.allows(error) == allowed)
    }

    static let received = Date(timeIntervalSince1970: 1_780_000_000)

    /// A search younger than its ttl is fresh; at its ttl and after, or with no ttl, it is only a fallback.
    @Test(arguments: [
        (0.0, 900, Freshness.fresh),
        (899.0, 900, .fresh),
        (900.0, 900, .fallbackOnly),
        (3600.0, 900, .fallbackOnly),
        (10.0, nil, .fallbackOnly),
        (10.0, 0, .fallbackOnly),
        // The clock was set back: the age is not known, so not fresh.
        (-60.0, 900, .fallbackOnly),
    ] as [(Double, Int?, Freshness)])
    func searchIsFreshWithinItsTTL(age: Double, ttl: Int?, expected: Freshness) {
        #expect(Freshness.of(received: Self.received, ttl: ttl, now: Self.received.addingTimeInterval(age)) == expected)
    }

    /// A kept search's bodies read again, as the search reads them.
    func replay(_ bodies: [Data], _ query: DepartureQuery) throws(APIError) -> (snapshot: SearchSnapshot, ttl: Int?) {
        var replay = SearchGathering.Replay(query: query)
        for body in bodies { try replay.add(body) }
        return replay.result
    }

    /// Busbud's `ttl` is read by both readers of a page, and a replayed search gives the shortest.
    @Test func ttlIsReadFromEveryPage() throws {
        let first = try Fixture.data("busbud-first.json")
        #expect(try DeparturesPage.decode(first).ttl == 900)
        #expect(try DeparturesPage.decodeThoroughly(first).ttl == 900)
        let short = Data(#"{"departures": [], "complete": true, "ttl": 60}"#.utf8)
        #expect(try DeparturesPage.decode(short).ttl == 60)
        #expect(try DeparturesPage.decode(Data(#"{"departures": [], "complete": true}"#.utf8)).ttl == nil)
        // A ttl of another type degrades only itself.
        let odd = Data(#"{"departures": [], "complete": true, "ttl": "soon"}"#.utf8)
        #expect(try DeparturesPage.decode(odd).ttl == nil)
        #expect(try DeparturesPage.decode(odd).complete)
        let query = DepartureQuery(origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29))
        let replayed = try replay([first, short], query)
        #expect(replayed.ttl == 60)
        #expect(replayed.snapshot.phase == .complete)
        #expect(replayed.snapshot.pages == 2)
        #expect(replayed.snapshot.departures.map(\.id) == ["dep-day", "dep-night"])
    }

    /// A search run while the kept answer is on screen keeps the shown copy of a departure the
    /// service sends again unchanged (its text is not held twice), and a changed one as sent.
    @Test func gatheringKeepsTheShownCopyOfAnUnchangedDeparture() throws {
        let body = try Fixture.data("busbud-first.json")
        let query = DepartureQuery(origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29))
        var shown = try replay([body], query).snapshot.departures
        shown[1].operatorName = "A coach company whose name changed since"
        var gathering = SearchGathering(query: query, reusing: shown)
        try gathering.add(DeparturesPage.decode(body))
        let fresh = gathering.snapshot(.complete).departures
        #expect(fresh[0] == shown[0])
        #expect(fresh[1] != shown[1] && fresh[1].operatorName != shown[1].operatorName)
        let long = try #require(shown[0].originName, "the fixture's station names are long")
        #expect(long.utf8.count > 15, "shorter text is held in the string itself, not shared")
        #expect(textStorage(fresh[0].originName) == textStorage(shown[0].originName))
        #expect(textStorage(fresh[1].originName) != textStorage(shown[1].originName))
    }

    /// A kept search replayed from no readable body says why, as a fresh one would.
    @Test func replayOfAnUnreadableBodyFails() {
        let query = DepartureQuery(origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29))
        #expect(throws: APIError.self) { _ = try replay([Data("<html>".utf8)], query) }
    }

    static func arrival(_ line: String, in seconds: TimeInterval) -> Arrival {
        Arrival(line: line, destination: "Dulwich Library", expected: received.addingTimeInterval(seconds))
    }

    static let board = ArrivalsResult(arrivals: [arrival("12", in: 60), arrival("171", in: 300), arrival("40", in: 900)],
                                      skipped: 1)

    /// Kept arrivals count down from their expected times as the clock moves, not from when received.
    @Test func keptArrivalsCountDownOnTheClock() throws {
        guard case .estimated(let atOnce, let goneAtOnce) = KeptArrivals.at(Self.received, kept: Self.board, received: Self.received)
        else { Issue.record("a fresh board is estimated"); return }
        #expect(atOnce.arrivals.map { $0.seconds(from: Self.received) } == [60, 300, 900])
        #expect(goneAtOnce == 0)
        let later = Self.received.addingTimeInterval(120)
        guard case .estimated(let after, let gone) = KeptArrivals.at(later, kept: Self.board, received: Self.received)
        else { Issue.record("two minutes on, the board is estimated"); return }
        #expect(after.arrivals.map(\.line) == ["171", "40"])
        #expect(after.arrivals.map { $0.seconds(from: later) } == [180, 780])
        #expect(gone == 1)
        // What the service left out stays said.
        #expect(after.skipped == 1)
    }

    /// An arrival due this very second stays (it reads "Due"); a second later it has gone.
    @Test func anArrivalGoesOnlyOnceItsTimeHasPassed() {
        let due = Self.received.addingTimeInterval(60)
        #expect(KeptArrivals.at(due, kept: Self.board, received: Self.received)
            == .estimated(ArrivalsResult(arrivals: Array(Self.board.arrivals), skipped: 1), gone: 0))
        let gone = due.addingTimeInterval(1)
        #expect(KeptArrivals.at(gone, kept: Self.board, received: Self.received)
            == .estimated(ArrivalsResult(arrivals: Array(Self.board.arrivals.dropFirst()), skipped: 1), gone: 1))
    }

    /// Thirty minutes after it arrived a kept board is still shown; past that, the stop has no recent data.
    @Test func pastThirtyMinutesAStopHasNoRecentData() {
        let half = Self.received.addingTimeInterval(30 * 60)
        #expect(KeptArrivals.at(half, kept: Self.board, received: Self.received) == .estimated(ArrivalsResult(arrivals: [], skipped: 1), gone: 3))
        #expect(KeptArrivals.at(half.addingTimeInterval(1), kept: Self.board, received: Self.received)
            == .noRecentData(since: Self.received))
    }

    /// The age of a kept answer in whole seconds, never negative when the clock was set back.
    @Test func keptAgeIsNeverNegative() {
        let kept = Kept(Self.board, kind: .arrivals, received: Self.received)
        #expect(kept.age(at: Self.received.addingTimeInterval(725.9)) == 725)
        #expect(kept.age(at: Self.received.addingTimeInterval(-60)) == 0)
    }

    /// One request gives one key in every run; a request that differs in anything its answer depends on gives another.
    @Test func keysAreStableAndTellRequestsApart() {
        let query = DepartureQuery(origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29), adults: 2)
        #expect(AnswerKey.departures(query, source: URL(string: "https://busbud.example")!).description == "departures|https://busbud.example|dr5reg|f25dvk|2016-07-29|2|0|0|USD|en")
        // FNV-1a of the line above: the same file name in every run and on every machine.
        #expect(AnswerKey.departures(query, source: URL(string: "https://busbud.example")!).fileName == String(format: "%016llx", StableHash.fnv1a(AnswerKey.departures(query, source: URL(string: "https://busbud.example")!).description)) + ".answer")
        var otherDay = query
        otherDay.date = LocalDate(year: 2016, month: 7, day: 30)
        var fewer = query
        fewer.adults = 1
        let keys = [AnswerKey.departures(query, source: URL(string: "https://busbud.example")!), .departures(otherDay, source: URL(string: "https://busbud.example")!), .departures(fewer, source: URL(string: "https://busbud.example")!),
                    .arrivals(service: ServiceID("tfl"), source: URL(string: "https://tfl.example")!, stop: "490008660N"), .arrivals(service: ServiceID("tramtracker"), source: URL(string: "https://tramtracker.example")!, stop: "490008660N"),
                    .deals(DealsQuery.standard(now: Self.received), source: URL(string: "https://deals.example")!),
                    .deals(DealsQuery.standard(now: Self.received.addingTimeInterval(86_400 * 2)), source: URL(string: "https://deals.example")!)]
        #expect(Set(keys.map(\.fileName)).count == keys.count)
        #expect(AnswerKey.deals(DealsQuery.standard(now: Self.received), source: URL(string: "https://deals.example")!) == .deals(DealsQuery.standard(now: Self.received.addingTimeInterval(60)), source: URL(string: "https://deals.example")!))
    }
}

/// Where a string's bytes are held: the same for two copies of one string longer than 15 bytes
/// (shorter ones are held in the string itself).
func textStorage(_ text: String?) -> UnsafeRawPointer? {
    text?.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
}

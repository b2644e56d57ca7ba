import Foundation

/// Runs departure searches: anything that turns a query into a stream of snapshots.
public protocol DepartureSearching: Sendable {
    /// Snapshots as pages arrive; the last one is finished (complete, gave up or failed).
    /// Cancelling the consuming task stops the search at once.
    func snapshots(for query: DepartureQuery) -> AsyncStream<SearchSnapshot>
    /// Only the finished snapshot, for a reader who shows nothing before it (the command line):
    /// the same one `snapshots(for:)` ends with.
    func result(for query: DepartureQuery) async -> SearchSnapshot
}

extension DepartureSearching {
    public func result(for query: DepartureQuery) async -> SearchSnapshot {
        var last = SearchSnapshot(phase: .searching)
        for await snapshot in snapshots(for: query) { last = snapshot }
        return last
    }
}

/// Busbud's search protocol: one `x-departures` request, then `poll` until the answer is complete,
/// spaced by `pollInterval` and bounded by `deadline` and `maxPolls`, whichever comes first.
///
/// With a `keeper`, a complete search is kept (the bodies of its pages), and:
/// - a kept one younger than its `ttl` is shown at once, as received, while the search runs again
///   behind it (its snapshots say `.searching` with the kept departures, then the fresh result);
/// - when the search fails for a network's reason, the kept one, of any age, is shown instead,
///   marked with its age and the failure (`SearchSnapshot.provenance`).
public struct DepartureSearch<C: Clock>: DepartureSearching where C.Duration == Duration {
    public var client: BusbudClient
    public var clock: C
    public var pollInterval: Duration
    public var deadline: Duration
    public var maxPolls: Int
    public var keeper: AnswerKeeper?

    public init(client: BusbudClient, clock: C, pollInterval: Duration = .milliseconds(1500),
                deadline: Duration = .seconds(60), maxPolls: Int = 30, keeper: AnswerKeeper? = nil) {
        self.client = client
        self.clock = clock
        self.pollInterval = pollInterval
        self.deadline = deadline
        self.maxPolls = maxPolls
        self.keeper = keeper
    }

    public func snapshots(for query: DepartureQuery) -> AsyncStream<SearchSnapshot> {
        AsyncStream { continuation in
            let task = Task {
                await run(query, showsProgress: true) { continuation.yield($0) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The finished snapshot alone. Nothing is shown before it, so no snapshot is made before it,
    /// and the kept answer is read only if the search fails and it is wanted in its place.
    public func result(for query: DepartureQuery) async -> SearchSnapshot {
        var last = SearchSnapshot(phase: .searching)
        await run(query, showsProgress: false) { last = $0 }
        return last
    }

    /// Runs the search. With `showsProgress`, the kept answer is read before it, to be shown at once
    /// if fresh, and a snapshot is yielded after each page; without, the finished one alone, and
    /// the kept answer read only when a failure calls for it.
    private func run(_ query: DepartureQuery, showsProgress: Bool, yield: (SearchSnapshot) -> Void) async {
        guard let keeper else {
            return await gather(query, showsProgress: showsProgress, keeping: nil) { yield($0) }
        }
        let key = AnswerKey.departures(query, source: client.baseURL)
        // Read a page at a time: a search of 10,000 departures is kept as 25 MB of pages, which
        // held together would be on top of the departures already on screen.
        func readKept() async -> (snapshot: SearchSnapshot, ttl: Int?, received: Date)? {
            var replay: SearchGathering.Replay? = SearchGathering.Replay(query: query)
            guard let received = await keeper.kept(key, body: { body in
                do throws(APIError) { try replay?.add(body) } catch { replay = nil }
            }), let (snapshot, ttl) = replay?.result else { return nil }
            return (snapshot, ttl, received)
        }
        let keptBefore = showsProgress ? await readKept() : nil
        // Younger than its ttl: shown at once, and stays on screen until the fresh one is whole.
        var shownFirst: SearchSnapshot?
        if let kept = keptBefore, Freshness.of(received: kept.received, ttl: kept.ttl, now: keeper.now()) == .fresh {
            var first = kept.snapshot
            first.phase = .searching
            first.provenance = .kept(received: kept.received, because: nil)
            shownFirst = first
            yield(first)
        }
        let writer = keeper.writer(for: key)
        await gather(query, showsProgress: showsProgress, keeping: writer,
                     reusing: shownFirst?.departures ?? []) { snapshot in
            var snapshot = snapshot
            switch snapshot.phase {
            case .failed(let error) where Fallback.allows(error):
                guard let kept = showsProgress ? keptBefore : await readKept() else { return yield(snapshot) }
                var fallback = kept.snapshot
                fallback.provenance = .kept(received: kept.received, because: error)
                yield(fallback)
            case .searching:
                yield(shownFirst ?? snapshot)
            case .complete, .gaveUp, .failed:
                if snapshot.provenance == nil { snapshot.provenance = .live(received: keeper.now()) }
                // The fresh answer begins with the kept departures shown, unchanged (they are
                // compared here, off the window's thread): of their lineage, it only adds.
                if let shownFirst, snapshot.departures.starts(with: shownFirst.departures) {
                    snapshot.lineage = shownFirst.lineage
                }
                yield(snapshot)
            }
        }
        // However the search ended: a finished answer was kept, and anything else is dropped.
        await writer.abandon()
    }

    /// Runs the search, yielding each snapshot. Each page's body goes to `keeping` once its
    /// snapshot is shown (so writing it does not delay the rows), and a complete search is kept
    /// (before the stream ends, so a command waits for it); the bodies are not held meanwhile.
    private func gather(_ query: DepartureQuery, showsProgress: Bool, keeping: (any AnswerWriting)?,
                        reusing shown: [ResolvedDeparture] = [], yield: (SearchSnapshot) async -> Void) async {
        let start = clock.now
        var gathered = SearchGathering(query: query, reusing: shown)
        do throws(APIError) {
            // Polls are spaced from when the previous request was sent, so the time a page takes to
            // arrive and be read is not added to the wait.
            var sent = clock.now
            // Each page is merged as it comes and let go, and its body is held only until it is
            // kept: a body (5 MB for 2,000 departures) never waits beside the next one.
            func merge(_ reply: (page: DeparturesPage, body: Data)) -> (more: Bool, body: Data) {
                gathered.add(reply.page)
                return (!reply.page.complete && reply.page.isValidRoute, reply.body)
            }
            var (more, body) = merge(try await client.page(query, index: nil))
            var polls = 0
            while more {
                if showsProgress { await yield(gathered.snapshot(.searching)) }
                await keeping?.add(body)
                body = Data()
                let next = sent.advanced(by: pollInterval)
                guard polls < maxPolls, start.duration(to: next) <= deadline else {
                    await yield(gathered.snapshot(.gaveUp(polls: polls)))
                    return
                }
                do { try await clock.sleep(until: next, tolerance: nil) } catch { return }
                sent = clock.now
                (more, body) = merge(try await client.page(query, index: gathered.received))
                polls += 1
            }
            var complete = gathered.snapshot(.complete)
            guard let received = keeper?.now() else { return await yield(complete) }
            complete.provenance = .live(received: received)
            await yield(complete)
            await keeping?.add(body)
            await keeping?.finish(received: received)
        } catch .cancelled {
            return
        } catch {
            if !Task.isCancelled { await yield(gathered.snapshot(.failed(error))) }
        }
    }
}

/// What a search has received so far, merged page by page.
public struct SearchGathering: Sendable {
    public let query: DepartureQuery
    /// Departures received so far, malformed ones included and repeats of one already received
    /// not: the next poll's `index`, so a page that repeats departures does not make the next skip any.
    public private(set) var received = 0
    private var seen: Set<String> = []
    private var pages = 0
    private var skipped = 0
    private var skipReason: DecodingProblem?
    private var isValidRoute = true
    private var cities: [City] = []
    private var operators: [String: Operator] = [:]
    private var locations: [Int: Location] = [:]
    /// Departures in arrival order, and where each id is among them.
    private var departures: [ResolvedDeparture] = []
    private var position: [String: Int] = [:]
    /// Departures still naming an operator or location not yet received.
    private var unresolved: [String: Departure] = [:]
    /// How many departures cannot seat the query's travellers, and while any cannot, the others
    /// in arrival order, kept as pages come (while all can, `departures` is that list, and this
    /// stays empty).
    private var unseatable = 0
    private var bookable: [ResolvedDeparture] = []
    /// New whenever a departure already given changed or went (`SearchSnapshot.lineage`).
    private var lineage = SearchSnapshot.Lineage()
    /// Departures shown while this search runs (kept from the last), and where each id is among
    /// them: one received again unchanged is kept as that copy, whose text is already in memory,
    /// rather than as a second copy of it (10,000 departures are some 17 MB).
    private let shown: [ResolvedDeparture]
    private let shownPosition: [String: Int]

    /// A gathering for `query`; `shown` are departures on screen while it runs, whose copies it
    /// shares where the service sends them again unchanged.
    public init(query: DepartureQuery, reusing shown: [ResolvedDeparture] = []) {
        self.query = query
        self.shown = shown
        shownPosition = Dictionary(zip(shown.lazy.map(\.id), shown.indices), uniquingKeysWith: { first, _ in first })
    }

    /// Merges a page: cities and locations come with the first; operators accumulate; departures
    /// are kept once per id (a later copy replaces an earlier one in place).
    public mutating func add(_ page: DeparturesPage) {
        if pages == 0 {
            cities = page.cities
            isValidRoute = page.isValidRoute
        }
        pages += 1
        skipped += page.skipped
        skipReason = skipReason ?? page.skipReason
        for location in page.locations { locations[location.id] = location }
        for item in page.operators { operators[item.id] = item }
        let zone = cities.first { $0.geohash == query.origin }?.timezone.flatMap(TimeZone.init(identifier:))
            ?? TimeZone(identifier: "UTC")!
        let travellers = query.travellers
        // The bookable list is made again from the whole only when a departure changed in place
        // or the first that cannot seat them came; otherwise the page's are added to it.
        var remakeBookable = false
        var repeats = 0
        for departure in page.departures {
            // Kept by the id of the copy on screen where there is one: the page's own id (a string
            // of its own for each departure) then goes with the page, and does not stay behind
            // among the page's freed memory, keeping it from being used again.
            let at = shownPosition[departure.id]
            let id = at.map { shown[$0].id } ?? departure.id
            if !seen.insert(id).inserted { repeats += 1 }
            guard var item = ResolvedDeparture(departure, operators: operators, locations: locations,
                                               currency: query.currency, fallbackZone: zone)
            else {
                skipped += 1
                skipReason = skipReason ?? .unreadableTimes(departure: departure.id)
                continue
            }
            if let at, shown[at] == item { item = shown[at] }
            let seats = item.canSeat(travellers)
            if let earlier = position[id] {
                // A repeat of a departure as it was given changes nothing.
                guard item != departures[earlier] else { continue }
                unseatable += (seats ? 0 : 1) - (departures[earlier].canSeat(travellers) ? 0 : 1)
                departures[earlier] = item
                remakeBookable = true
            } else {
                position[id] = departures.count
                departures.append(item)
                if !seats {
                    unseatable += 1
                    if unseatable == 1 { remakeBookable = true }
                } else if unseatable > 0 {
                    bookable.append(item)
                }
            }
            unresolved[departure.id] = item.isFullyResolved ? nil : departure
        }
        received += page.received - repeats
        if fillIn() { remakeBookable = true }
        // Each reason to remake the bookable list is a departure already given that changed, or,
        // the first that cannot seat them, one that went.
        if remakeBookable { lineage = SearchSnapshot.Lineage() }
        if unseatable == 0 {
            bookable = []
        } else if remakeBookable {
            // Of the exact size: a filter grows its array by doubling.
            bookable = []
            bookable.reserveCapacity(departures.count - unseatable)
            bookable.append(contentsOf: departures.lazy.filter { $0.canSeat(travellers) })
        }
    }

    /// Names that were unknown when a departure arrived, filled in from what arrived since: true
    /// when any was.
    private mutating func fillIn() -> Bool {
        var filled = false
        for (id, departure) in unresolved {
            guard let at = position[id] else { continue }
            let shown = departures[at]
            let operatorName = shown.operatorName ?? departure.operatorId.flatMap { operators[$0]?.shownName }
            let originName = shown.originName ?? departure.originLocationId.flatMap { locations[$0]?.name }
            let destinationName = shown.destinationName ?? departure.destinationLocationId.flatMap { locations[$0]?.name }
            guard operatorName != shown.operatorName || originName != shown.originName
                || destinationName != shown.destinationName else { continue }
            var item = shown
            item.operatorName = operatorName
            item.originName = originName
            item.destinationName = destinationName
            departures[at] = item
            filled = true
            if item.isFullyResolved { unresolved[id] = nil }
        }
        return filled
    }

    /// Everything gathered that can be booked, resolved, in arrival order: a departure keeps its
    /// place from one snapshot to the next, and new ones come after. A coach known to have fewer
    /// seats left than the query's travellers is left out and counted (decided on its latest copy,
    /// so a later page that changes its seats decides again); one whose seats are unknown is kept.
    public func snapshot(_ phase: SearchSnapshot.Phase) -> SearchSnapshot {
        SearchSnapshot(phase: phase, departures: unseatable == 0 ? departures : bookable, cities: cities,
                       pages: pages, skipped: skipped, skipReason: skipReason, isValidRoute: isValidRoute,
                       tooFewSeats: unseatable, travellers: query.travellers, lineage: lineage)
    }
}

extension ResolvedDeparture {
    var isFullyResolved: Bool { operatorName != nil && originName != nil && destinationName != nil }
}

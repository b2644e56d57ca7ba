import CMalloc
import Foundation
import TripCore
import TripViewModels

// Figures for big results: how long decoding, merging and resolving take. Prints; asserts nothing.
// Run with `make bench` (release build).

/// A Busbud page of `count` departures, ids starting at `first`, shaped like the real service's.
func page(first: Int, count: Int, complete: Bool, withPlaces: Bool) -> Data {
    var departures: [String] = []
    departures.reserveCapacity(count)
    for number in first..<(first + count) {
        let hour = 5 + number % 18
        let minute = number % 60
        departures.append("""
        {"id":"dep-\(number)","operator_id":"op-\(number % 7)","origin_location_id":\(1 + number % 2),\
        "destination_location_id":\(3 + number % 2),"departure_time":"2016-07-29T\(String(format: "%02d:%02d", hour, minute)):00",\
        "arrival_time":"2016-07-30T\(String(format: "%02d:%02d", (hour + 8) % 24, minute)):00","departure_timezone":"America/New_York",\
        "arrival_timezone":"America/Montreal","duration":\(400 + number % 90),"available_seats":\(number % 55),\
        "prices":{"total":\(4000 + number % 3000),"currency":"USD","breakdown":{"base":3500,"fees":200,"taxes":300,"discount":0}},\
        "amenities":{"display_name":"Standard","wifi":true,"toilet":true,"power_outlets":false,"ac":true},\
        "trip_stops":[{"name":"A","location_id":1,"arrival_time":null,"departure_time":"2016-07-29T07:00:00"},\
        {"name":"B","location_id":3,"arrival_time":"2016-07-29T15:00:00","departure_time":null}],\
        "links":{"deeplink":"https://example.invalid/\(number)"},"terms":{"refund":true}}
        """)
    }
    let operators = (0..<7).map { #"{"id":"op-\#($0)","name":"Operator \#($0)","display_name":"Op \#($0)"}"# }
    let places = withPlaces ? """
        "cities":[{"id":"nyc","name":"New York","geohash":"dr5reg","timezone":"America/New_York"},\
        {"id":"mtl","name":"Montréal","geohash":"f25dvk","timezone":"America/Montreal"}],\
        "locations":[{"id":1,"name":"Port Authority"},{"id":2,"name":"GWB"},{"id":3,"name":"Berri"},{"id":4,"name":"YUL"}],
        """ : ""
    return Data("{\(places)\"operators\":[\(operators.joined(separator: ","))],\"departures\":[\(departures.joined(separator: ","))],\"complete\":\(complete)}".utf8)
}

func measure(_ label: String, runs: Int = 5, _ body: () throws -> Void) rethrows {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    times.sort()
    print(String(format: "%@: median %.1f ms, min %.1f ms (%d runs)", label, times[times.count / 2], times[0], runs))
}

/// The search these pages answer: New York to Montréal on their day.
let query = DepartureQuery(origin: "dr5reg", destination: "f25dvk", date: LocalDate(year: 2016, month: 7, day: 29))

let whole = page(first: 0, count: 10_000, complete: true, withPlaces: true)
print("one page of 10,000 departures: \(whole.count / 1024) KiB")
/// The same 10,000 arriving over 30 pages, as the search merges and resolves them one by one.
func decodedPages() throws -> [DeparturesPage] {
    try (0..<30).map { index -> DeparturesPage in
        let size = 10_000 / 30 + (index < 10_000 % 30 ? 1 : 0)
        let first = (0..<index).reduce(0) { total, earlier in total + 10_000 / 30 + (earlier < 10_000 % 30 ? 1 : 0) }
        return try DeparturesPage.decode(page(first: first, count: size, complete: index == 29, withPlaces: index == 0))
    }
}

/// Fails the bench in one line, not a trap: its own pages not read means the decoder changed under it.
func unreadable(_ error: any Error) -> Never {
    FileHandle.standardError.write(Data("tripboard-bench: its own departure pages could not be read: \(error)\n".utf8))
    exit(1)
}

let pages: [DeparturesPage]
do {
    try measure("decode 10,000 departures") { _ = try DeparturesPage.decode(whole) }
    pages = try decodedPages()
} catch {
    unreadable(error)
}
measure("merge 30 pages into 10,000 resolved departures, a snapshot after each page") {
    var gathering = SearchGathering(query: query)
    for page in pages {
        gathering.add(page)
        _ = gathering.snapshot(.searching)
    }
}

let deals = "{\"HotelsByChildDestination\":{" + (0..<10_000).map {
    "\"4|\($0)\":{\"Title\":\"Destination \($0)\",\"Count\":\($0 % 300),\"MinPrice\":\($0 % 900).96,\"Position\":\(10_000 - $0)}"
}.joined(separator: ",") + "}}"
try measure("decode and sort 10,000 deals") { _ = try DealsResult.decode(Data(deals.utf8), currency: "GBP") }

/// Replays prepared snapshots as a search would send them.
struct ReplayedSearch: DepartureSearching {
    let snapshots: [SearchSnapshot]
    func snapshots(for query: DepartureQuery) -> AsyncStream<SearchSnapshot> {
        AsyncStream { continuation in
            snapshots.forEach { continuation.yield($0) }
            continuation.finish()
        }
    }
}

var gathering = SearchGathering(query: query)
let snapshots = pages.enumerated().map { index, page -> SearchSnapshot in
    gathering.add(page)
    return gathering.snapshot(index == pages.count - 1 ? .complete : .searching)
}
/// Runs `model`'s search over `snapshots` to its end.
@MainActor
func searched(_ snapshots: [SearchSnapshot]) async -> SearchViewModel {
    let model = SearchViewModel(searching: ReplayedSearch(snapshots: snapshots), initial: query)
    model.search()
    while model.isSearching { await Task.yield() }
    return model
}

for _ in 0..<3 {
    let start = ContinuousClock.now
    _ = await searched(snapshots)
    print("view model: 30 pages to 10,000 sorted, formatted rows: \(ContinuousClock.now - start) in all")
}

/// Bytes malloc has handed out and not had back, in all its arenas and its own mappings.
func heapInUse() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks + info.hblkhd)
}

/// A gathering of pages decoded for it and let go once added, as a search lets each page go: what
/// its departures share with their page (their stops, their texts) is then theirs to hold.
func gatheredAfresh() -> SearchGathering {
    var gathering = SearchGathering(query: query)
    do {
        for page in try decodedPages() { gathering.add(page) }
    } catch {
        unreadable(error)
    }
    return gathering
}

/// What a finished search's 10,000 departures hold on the heap, each: the gathering with its
/// last snapshot, the snapshot alone, and the view model's rows over it. (Gathered from the pages
/// the other figures keep, the stops would count as the pages', not the departures'.)
do {
    let start = heapInUse()
    var held: SearchGathering? = gatheredAfresh()
    let last = held!.snapshot(.complete)
    let withGathering = heapInUse() - start
    held = nil
    let alone = heapInUse() - start
    let model = await searched([last])
    let rows = heapInUse() - start - alone
    print("heap held by 10,000 departures: \(withGathering / 10_000) bytes each with the gathering, "
          + "\(alone / 10_000) in the snapshot alone, \(rows / 10_000) more for the view model's rows (\(model.rows.count))")
}

let resolved = snapshots.last!.departures
let formatter = PriceFormatter()
measure("the text of 10,000 rows (the list makes it only for rows on screen)") {
    _ = resolved.map { DepartureRow($0, formatter: formatter).accessibleName }
}
measure("format 10,000 prices") { _ = resolved.map { formatter.string(minorUnits: $0.priceCents, currency: $0.currency) } }
measure("format 20,000 clock times") {
    _ = resolved.map { $0.localDeparture.clockTime(.twentyFourHour) + $0.localArrival.clockTime(.twelveHour) }
}

import Foundation
import Synchronization
import TripCore

/// A departure search whose snapshots the test sends by hand, one stream per search started.
final class ScriptedSearch: DepartureSearching {
    private struct Started {
        var query: DepartureQuery
        var continuation: AsyncStream<SearchSnapshot>.Continuation
        var terminated: Bool
    }

    private let started = Mutex<[Started]>([])

    var queries: [DepartureQuery] { started.withLock { $0.map(\.query) } }
    func isTerminated(_ search: Int) -> Bool { started.withLock { $0[search].terminated } }

    func snapshots(for query: DepartureQuery) -> AsyncStream<SearchSnapshot> {
        let (stream, continuation) = AsyncStream<SearchSnapshot>.makeStream()
        let index = started.withLock { list in
            list.append(Started(query: query, continuation: continuation, terminated: false))
            return list.count - 1
        }
        continuation.onTermination = { [weak self] _ in
            self?.started.withLock { $0[index].terminated = true }
        }
        return stream
    }

    /// Sends `snapshot` on search number `search` (0 is the first started); finished ones end the stream.
    func send(_ snapshot: SearchSnapshot, search: Int = 0) {
        let continuation = started.withLock { $0[search].continuation }
        continuation.yield(snapshot)
        if snapshot.isFinished { continuation.finish() }
    }
}

/// A resolved departure of the brief's route leaving at `time` local New York time.
func departure(_ id: String, at time: String, minutes: Int = 485, cents: Int = 5200, nextDay: Bool = false,
               operatorName: String? = "Greyhound") -> ResolvedDeparture {
    let arrival = LocalDateTime("2016-07-29T\(time):00")!.instant(in: TimeZone(identifier: "America/New_York")!)
        .addingTimeInterval(TimeInterval(minutes * 60))
    let arrivalText = LocalDateTime(arrival, in: TimeZone(identifier: "America/Montreal")!).description
    var operators: [String: Operator] = [:]
    if let operatorName { operators["op"] = Operator(id: "op", name: operatorName) }
    return ResolvedDeparture(
        Departure(id: id, operatorId: "op", originLocationId: 1, destinationLocationId: 2,
                  departureTime: "2016-07-29T\(time):00", arrivalTime: arrivalText,
                  departureTimezone: "America/New_York", arrivalTimezone: "America/Montreal", duration: minutes,
                  prices: Prices(total: cents, currency: "USD",
                                 breakdown: Prices.Breakdown(base: cents - 700, fees: 200, taxes: 500, discount: 0)),
                  availableSeats: 12, amenities: Amenities(available: ["wifi", "toilet"]), className: "Economy",
                  tripStops: [TripStop(name: "Port Authority Bus Terminal", departureTime: "2016-07-29T\(time):00"),
                              TripStop(name: "Albany Bus Terminal", arrivalTime: "2016-07-29T10:45:00", departureTime: "2016-07-29T11:00:00"),
                              TripStop(name: "Gare d'autocars de Montréal", arrivalTime: arrivalText)]),
        operators: operators,
        locations: [1: Location(id: 1, cityId: nil, name: "Port Authority Bus Terminal"),
                    2: Location(id: 2, cityId: nil, name: "Gare d'autocars de Montréal")],
        currency: "USD", fallbackZone: .gmt)!
}

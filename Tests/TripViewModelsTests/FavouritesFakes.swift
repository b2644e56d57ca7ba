import Foundation
import Synchronization
import TripCore

/// Favourites kept in memory; a save can be made to fail.
final class MemoryFavouritesStore: FavouritesStore {
    private let saved: Mutex<[Favourite]>
    private let failing = Mutex<StoreError?>(nil)
    private let saves = Mutex(0)

    init(_ favourites: [Favourite] = []) {
        saved = Mutex(favourites)
    }

    var favourites: [Favourite] { saved.withLock { $0 } }
    var saveCount: Int { saves.withLock { $0 } }

    /// Makes every later save throw `error` (nil: saves work again).
    func failSaves(with error: StoreError?) {
        failing.withLock { $0 = error }
    }

    func load() async throws(StoreError) -> [Favourite] {
        favourites
    }

    func save(_ favourites: [Favourite]) async throws(StoreError) {
        if let error = failing.withLock({ $0 }) { throw error }
        saves.withLock { $0 += 1 }
        saved.withLock { $0 = favourites }
    }
}

/// A TfL-like service answering from a script per stop, counting requests.
final class ScriptedStopService: StopService {
    private let answers: Mutex<[String: Result<ArrivalsResult, APIError>]>
    private let calls = Mutex<[String]>([])
    private let searches: Mutex<[String: (delay: Duration, stops: [TransitStop])]>

    /// How long each arrivals answer takes, in real time.
    let arrivalsDelay: Duration

    let provider: StopProvider

    init(_ answers: [String: Result<ArrivalsResult, APIError>] = [:], arrivalsDelay: Duration = .zero,
         searches: [String: (delay: Duration, stops: [TransitStop])] = [:], provider: StopProvider = .tfl) {
        self.provider = provider
        self.answers = Mutex(answers)
        self.arrivalsDelay = arrivalsDelay
        self.searches = Mutex(searches)
    }

    /// Stop ids asked for arrivals, in order.
    var requests: [String] { calls.withLock { $0 } }

    func answer(_ stopID: String, with result: Result<ArrivalsResult, APIError>) {
        answers.withLock { $0[stopID] = result }
    }

    func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult {
        calls.withLock { $0.append(stopID) }
        if arrivalsDelay > .zero {
            do { try await Task.sleep(for: arrivalsDelay) } catch { throw .cancelled }
        }
        return try answers.withLock { $0[stopID] ?? .failure(.httpStatus(404)) }.get()
    }

    func searchStops(matching text: String) async throws(APIError) -> [TransitStop] {
        calls.withLock { $0.append("search:\(text)") }
        guard let scripted = searches.withLock({ $0[text] }) else { return [] }
        try? await Task.sleep(for: scripted.delay)
        return scripted.stops
    }

    func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] {
        calls.withLock { $0.append("near:\(radius)") }
        return searches.withLock { $0["near"]?.stops ?? [] }
    }
}

func busStop(_ id: String, _ name: String, letter: String = "A", lines: [String] = ["73", "390"]) -> TransitStop {
    TransitStop(provider: .tfl, stopID: id, name: name, letter: letter,
                coordinate: Coordinate(latitude: 51.5, longitude: -0.14), lines: lines)
}

func arrivals(_ now: Date, _ entries: [(line: String, seconds: Int)]) -> Result<ArrivalsResult, APIError> {
    .success(ArrivalsResult(arrivals: entries.map {
        Arrival(line: $0.line, destination: "Somewhere", vehicle: "LX12ABC", expected: now.addingTimeInterval(TimeInterval($0.seconds)))
    }))
}

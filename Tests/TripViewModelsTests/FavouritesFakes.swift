import Foundation
import Synchronization
import TestSupport
import Testing
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

/// A TfL-like service answering from a script per stop, counting requests. A request nobody
/// scripted fails the test.
final class ScriptedStopService: TransitClient {
    private let answers: Mutex<[String: Result<ArrivalsResult, APIError>]>
    private let calls = Mutex<[String]>([])
    private let searches: Mutex<[String: (delay: Duration, stops: [TransitStop])]>

    /// How long each arrivals answer takes, on `clock`.
    let arrivalsDelay: Duration
    /// The test's clock, on which the scripted delays pass (needed only when there are delays).
    let clock: SteppedClock?

    let provider: any TransitProvider

    init(_ answers: [String: Result<ArrivalsResult, APIError>] = [:], arrivalsDelay: Duration = .zero,
         searches: [String: (delay: Duration, stops: [TransitStop])] = [:], provider: any TransitProvider = TfLProvider(),
         clock: SteppedClock? = nil) {
        self.provider = provider
        self.clock = clock
        self.answers = Mutex(answers)
        self.arrivalsDelay = arrivalsDelay
        self.searches = Mutex(searches)
    }

    /// Stop ids asked for arrivals, in order.
    var requests: [String] { calls.withLock { $0 } }

    func answer(_ stopID: String, with result: Result<ArrivalsResult, APIError>) {
        answers.withLock { $0[stopID] = result }
    }

    /// What `keptArrivals` gives: arrivals kept from an earlier run, by stop.
    private let kept = Mutex<[String: ArrivalsResult]>([:])

    func keep(_ stopID: String, _ result: ArrivalsResult) {
        kept.withLock { $0[stopID] = result }
    }

    func keptArrivals(at stopID: String) async -> ArrivalsResult? {
        kept.withLock { $0[stopID] }
    }

    func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult {
        calls.withLock { $0.append(stopID) }
        do { try await wait(arrivalsDelay) } catch { throw .cancelled }
        guard let answer = answers.withLock({ $0[stopID] }) else { throw unscripted("arrivals at \(stopID)") }
        return try answer.get()
    }

    func searchStops(matching text: String) async throws(APIError) -> [TransitStop] {
        calls.withLock { $0.append("search:\(text)") }
        guard let scripted = searches.withLock({ $0[text] }) else { throw unscripted("a search for “\(text)”") }
        do { try await wait(scripted.delay) } catch { throw .cancelled }
        return scripted.stops
    }

    func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] {
        calls.withLock { $0.append("near:\(radius)") }
        guard let scripted = searches.withLock({ $0["near"] }) else { throw unscripted("stops near a point") }
        return scripted.stops
    }

    private func wait(_ delay: Duration) async throws {
        guard delay > .zero else { return }
        guard let clock else {
            Issue.record("a scripted delay needs the test's clock")
            return
        }
        try await clock.sleep(for: delay)
    }

    private func unscripted(_ request: String) -> APIError {
        Issue.record("\(request) was asked for, but the test scripted no answer")
        return .transport(.system("unscripted request"))
    }
}

func busStop(_ id: String, _ name: String, letter: String = "A", lines: [String] = ["73", "390"]) -> TransitStop {
    TransitStop(provider: TfLProvider(), stopID: id, name: name, letter: letter,
                coordinate: Coordinate(latitude: 51.5, longitude: -0.14), lines: lines)
}

func arrivals(_ now: Date, _ entries: [(line: String, seconds: Int)]) -> Result<ArrivalsResult, APIError> {
    .success(ArrivalsResult(arrivals: entries.map {
        Arrival(line: $0.line, destination: "Somewhere", vehicle: "LX12ABC", expected: now.addingTimeInterval(TimeInterval($0.seconds)))
    }))
}

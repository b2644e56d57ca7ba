import Synchronization
import Testing
import TripCore
@testable import TripViewModels
import TestSupport

@MainActor
struct ArrivalsFanOutTests {
    /// Thirty favourites, twenty-four in London and six in Melbourne: twenty requests go to London at
    /// once (its first twenty stops) and Melbourne's six beside them, and the next goes as one comes
    /// back. Requests in flight together run at once, so the order they reach a service is not
    /// promised; which stops are asked, and when, is.
    @Test func eachServiceHasItsOwnTwentyRequestsInFlight() async {
        let london = HeldStopService(TfLProvider()), melbourne = HeldStopService(TramTrackerProvider())
        let keys = (0..<24).map { StopKey(provider: london.provider.id, stopID: "L\($0)") }
            + (0..<6).map { StopKey(provider: melbourne.provider.id, stopID: "M\($0)") }
        let fetching = Task {
            var landed: [StopKey] = []
            await ArrivalsFanOut.fetch(keys, from: ArrivalsFanOut.byProvider([london, melbourne])) { key, _ in landed.append(key) }
            return landed
        }
        await settle("twenty requests to London, six to Melbourne") { london.waiting == 20 && melbourne.waiting == 6 }
        await drain()
        #expect((london.waiting, melbourne.waiting) == (20, 6), "never more than twenty to one service")
        #expect(Set(london.asked) == Set((0..<20).map { "L\($0)" }))
        #expect(Set(melbourne.asked) == Set((0..<6).map { "M\($0)" }))

        london.letGo(2)
        await settle("two more London stops asked as two came back") { london.asked.count == 22 }
        #expect(Set(london.asked.suffix(2)) == ["L20", "L21"])
        melbourne.letGo(6)
        london.letGo(20)
        await settle("the last London stops") { london.asked.count == 24 }
        london.letGo(20)
        let landed = await fetching.value
        #expect(landed.count == 30 && Set(landed) == Set(keys))
        #expect((london.mostWaiting, melbourne.mostWaiting) == (20, 6))
    }
}

/// A service whose arrivals requests wait until the test lets them go, first asked first.
final class HeldStopService: TransitClient {
    private struct State {
        var waiting: [CheckedContinuation<Void, Never>] = []
        var asked: [String] = []
        var mostWaiting = 0
    }

    private let state = Mutex(State())
    let provider: any TransitProvider

    init(_ provider: any TransitProvider) {
        self.provider = provider
    }

    var waiting: Int { state.withLock { $0.waiting.count } }
    var asked: [String] { state.withLock { $0.asked } }
    /// The most requests that waited at once.
    var mostWaiting: Int { state.withLock { $0.mostWaiting } }

    /// Answers the `count` requests that have waited longest.
    func letGo(_ count: Int) {
        let going = state.withLock { state in
            let going = state.waiting.prefix(count)
            state.waiting.removeFirst(going.count)
            return Array(going)
        }
        for request in going { request.resume() }
    }

    func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult {
        await withCheckedContinuation { request in
            state.withLock { state in
                state.waiting.append(request)
                state.asked.append(stopID)
                state.mostWaiting = max(state.mostWaiting, state.waiting.count)
            }
        }
        return ArrivalsResult(arrivals: [])
    }

    func searchStops(matching text: String) async throws(APIError) -> [TransitStop] { [] }
    func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop] { [] }
}

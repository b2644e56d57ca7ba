import Testing
@testable import TripViewModels
import TestSupport

@MainActor
struct LatestRequestTests {
    /// A newer request cancels the older one, whose answer is dropped even when its work ignores
    /// cancellation; the newest answers when its time comes; after `cancel()` nothing is delivered.
    @Test func onlyTheLatestRequestDelivers() async {
        let clock = SteppedClock()
        let latest = LatestRequest()
        let delivered = Delivered()
        func request(_ name: String, ignoringCancellation: Bool) {
            latest.start { () async throws(CancellationError) -> String in
                if ignoringCancellation {
                    try? await clock.sleep(for: .seconds(10))
                } else {
                    do { try await clock.sleep(for: .seconds(10)) } catch { throw CancellationError() }
                }
                return name
            } deliver: { outcome in
                delivered.names.append((try? outcome.get()) ?? "cancelled \(name)")
            }
        }

        request("first", ignoringCancellation: true)
        await settle { clock.sleeping == 1 }
        request("second", ignoringCancellation: false)
        await settle { clock.sleeping == 1 && latest.isRunning }
        await drain()
        #expect(delivered.names.isEmpty, "the first request's late answer is dropped")

        await clock.advance(by: .seconds(10))
        #expect(delivered.names == ["second"])
        #expect(!latest.isRunning)

        request("third", ignoringCancellation: true)
        await settle { clock.sleeping == 1 }
        latest.cancel()
        await clock.advance(by: .seconds(10))
        await latest.wait()
        #expect(delivered.names == ["second"])
        #expect(!latest.isRunning)
    }
}

@MainActor
private final class Delivered {
    var names: [String] = []
}

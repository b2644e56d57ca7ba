import Testing
@testable import TripViewModels
import TestSupport

@MainActor
struct SerialQueueTests {
    /// Work enqueued while earlier work is still running waits for it, then runs, in order, and
    /// each caller gets its own result.
    @Test func piecesRunOneAtATimeInOrder() async {
        let clock = SteppedClock()
        let queue = SerialQueue()
        let log = Log()

        let first = queue.enqueue { () -> Int in
            log.lines.append("first starts")
            try? await clock.sleep(for: .seconds(1))
            log.lines.append("first ends")
            return 1
        }
        let second = queue.enqueue { () -> Int in
            log.lines.append("second")
            return 2
        }
        await settle { clock.sleeping == 1 }
        await drain()
        #expect(log.lines == ["first starts"], "the second waits for the first")

        await clock.advance(by: .seconds(1))
        #expect(await first.value == 1)
        #expect(await second.value == 2)
        await queue.wait()
        #expect(log.lines == ["first starts", "first ends", "second"])
    }
}

@MainActor
private final class Log {
    var lines: [String] = []
}

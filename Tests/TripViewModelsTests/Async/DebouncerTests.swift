import Testing
@testable import TripViewModels
import TestSupport

@MainActor
struct DebouncerTests {
    /// In a burst of calls only the last acts, once the pause has passed since it; `runNow` acts at
    /// once and drops the call still waiting.
    @Test func onlyTheLastCallOfABurstActsAfterThePause() async {
        let clock = SteppedClock()
        let debouncer = Debouncer(pause: .milliseconds(350), clock: clock)
        let acted = Acted()

        debouncer.schedule { _ in acted.texts.append("o") }
        await clock.advance(by: .milliseconds(200))
        debouncer.schedule { _ in acted.texts.append("ox") }
        await clock.advance(by: .milliseconds(300))
        #expect(acted.texts.isEmpty, "the pause counts from the last call")
        #expect(debouncer.isPending)

        await clock.advance(by: .milliseconds(50))
        await settle { !debouncer.isPending }
        #expect(acted.texts == ["ox"])

        debouncer.schedule { _ in acted.texts.append("oxf") }
        debouncer.runNow { _ in acted.texts.append("oxford") }
        await debouncer.wait()
        #expect(acted.texts == ["ox", "oxford"])
        await clock.advance(by: .seconds(1))
        #expect(acted.texts == ["ox", "oxford"], "the call that waited was dropped")
    }
}

@MainActor
private final class Acted {
    var texts: [String] = []
}

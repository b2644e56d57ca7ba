import Testing
@testable import Gtk

/// Runs the main loop until `done` holds, for at most 20 s, then expects it to hold: a wait for a
/// state, never for a length of time.
@MainActor
func runMainLoop(_ what: Comment, until done: () -> Bool) async throws {
    let limit = ContinuousClock.now.advanced(by: .seconds(20))
    while !done(), ContinuousClock.now < limit {
        MainLoop.iteratePending()
        try await Task.sleep(for: .milliseconds(10))
    }
    #expect(done(), what)
}

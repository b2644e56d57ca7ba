import Observation

/// Calls `render` now, and again after every change to the observable state it read.
///
/// The re-render runs on the main actor once the change has landed, so a burst of changes is drawn
/// once. Observation ends by itself when `render` reads nothing, e.g. because its page has gone.
@MainActor
func observe(_ render: @escaping @MainActor () -> Void) {
    withObservationTracking(render) {
        Task { @MainActor in observe(render) }
    }
}

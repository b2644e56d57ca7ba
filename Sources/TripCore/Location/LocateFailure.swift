/// Why no position came from a `Locator`; `TripWords` says each in plain words.
public enum LocateFailure: Error, Sendable, Equatable {
    /// No location service answers: none is installed or running, or there is no system bus.
    case unavailable
    /// The location service would not tell where this device is; its own reason, when it gave one
    /// (GeoClue: "'io.github.tripboard.Tripboard' disallowed by configuration for UID 1000").
    case refused(reason: String?)
    /// No position came within the time limit, in seconds (a fix may never come offline).
    case timedOut(seconds: Int)
    /// The service answered, but not as a location service should; what went wrong, as GLib said it.
    case broken(detail: String)
    /// The asking was cancelled before an answer (the time limit passed, or the map went away).
    case cancelled
}

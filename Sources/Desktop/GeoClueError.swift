/// Why GeoClue gave no position, sorted from the GLib error of the step that failed.
public enum GeoClueError: Error, Sendable, Equatable {
    /// Nothing to ask: no system bus to connect to, or no `org.freedesktop.GeoClue2` on it
    /// (`ServiceUnknown`, `NameHasNoOwner`). GLib's message, for the logs.
    case noService(String)
    /// GeoClue refused (`AccessDenied`, on `Start`): its own reason, without the D-Bus error name.
    case denied(String)
    /// A call got no answer within its own timeout (`GeoClueClient.callTimeout`).
    case timedOut
    /// The asking was cancelled.
    case cancelled
    /// Anything else: an answer of the wrong shape, the service vanishing mid-way. GLib's message.
    case failed(String)
}

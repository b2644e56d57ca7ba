import CGio

/// Asks GeoClue (`org.freedesktop.GeoClue2` on the system bus) where this device is, once per
/// `locate()`, asynchronously on the GLib main context: nothing blocks the main thread.
///
/// Each `locate()` opens its own connection to the bus (so a bus that went away is not reused,
/// and GeoClue drops its client when the connection closes), then `GetClient`, sets `DesktopId`
/// and `RequestedAccuracyLevel`, subscribes to `LocationUpdated` before `Start`, and on the first
/// update reads the new Location's properties, calls `Stop`, unsubscribes and closes. Every call
/// has its own timeout; a fix may still never come, so the caller keeps a time limit of its own
/// and cancels the task, which cancels what is under way.
@MainActor
public final class GeoClueClient {
    /// How precisely to ask (GeoClue's `GClueAccuracyLevel`).
    public enum AccuracyLevel: UInt32, Sendable {
        case country = 1
        case city = 4
        case neighbourhood = 5
        case street = 6
        case exact = 8
    }

    /// How long each D-Bus call may take, in milliseconds. GeoClue holds `Start` for up to 5 s
    /// while it waits for an agent, so this stays above that.
    public static let callTimeout: Int32 = 10_000

    private let desktopID: String
    private let accuracy: AccuracyLevel
    private let busAddress: String?

    /// - Parameters:
    ///   - desktopID: the app's desktop file name without `.desktop`, which GeoClue requires before
    ///     it authorises anything.
    ///   - busAddress: the bus to ask; nil for the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when set).
    public init(desktopID: String, accuracy: AccuracyLevel = .street, busAddress: String? = nil) {
        self.desktopID = desktopID
        self.accuracy = accuracy
        self.busAddress = busAddress
    }

    /// One position, or why none came. Cancelling the calling task cancels the calls under way
    /// and stops the client; `locate` then throws `.cancelled`.
    public func locate() async throws(GeoClueError) -> GeoClueFix {
        let request = GeoClueRequest(desktopID: desktopID, accuracy: accuracy.rawValue, busAddress: busAddress)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<GeoClueFix, GeoClueError>, Never>) in
                request.start { continuation.resume(returning: $0) }
            }
        } onCancel: {
            Task { @MainActor in request.cancel() }
        }
        return try result.get()
    }
}

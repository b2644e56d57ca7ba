import Desktop
import TripCore

/// The map's "Locate me" in the window: GeoClue on the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when
/// set, as the tests set it), asked for a street-level fix, its errors sorted into `LocateFailure`.
@MainActor
public final class GeoClueLocator: Locator {
    private let client: GeoClueClient

    /// - Parameter desktopID: the app's id, the name of its desktop file, which GeoClue requires.
    public init(desktopID: String) {
        client = GeoClueClient(desktopID: desktopID, accuracy: .street)
    }

    public func locate() async throws(LocateFailure) -> DevicePosition {
        do throws(GeoClueError) {
            let fix = try await client.locate()
            return DevicePosition(coordinate: Coordinate(latitude: fix.latitude, longitude: fix.longitude),
                                  accuracy: fix.accuracy > 0 ? fix.accuracy : nil)
        } catch {
            throw Self.failure(error)
        }
    }

    static func failure(_ error: GeoClueError) -> LocateFailure {
        switch error {
        case .noService: .unavailable
        case .denied(let reason): .refused(reason: reason.isEmpty ? nil : reason)
        case .timedOut: .timedOut(seconds: Int(GeoClueClient.callTimeout / 1000))
        case .cancelled: .cancelled
        case .failed(let detail): .broken(detail: detail)
        }
    }
}

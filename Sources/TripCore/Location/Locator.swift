/// Finds where this device is, when asked (the map's "Locate me"): the desktop's location service
/// in the window, a scripted fake in tests.
///
/// An answer may never come (offline, a fix is never found), so the caller applies its own time
/// limit and cancels the calling task when it passes: the locator then stops asking and throws
/// `LocateFailure.cancelled`, which the caller does not show.
@MainActor
public protocol Locator: AnyObject {
    /// Asks for one position and stops asking once it has come (or failed).
    func locate() async throws(LocateFailure) -> DevicePosition
}

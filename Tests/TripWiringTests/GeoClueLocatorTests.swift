import Desktop
import Testing
import TripCore
@testable import TripWiring

/// GeoClue's errors, sorted into what the map says: no service is "unavailable", a denial is a
/// refusal with GeoClue's reason, a call's own timeout is a time limit.
@MainActor
struct GeoClueLocatorTests {
    @Test(arguments: [
        (GeoClueError.noService("The name org.freedesktop.GeoClue2 was not provided by any .service files"), LocateFailure.unavailable),
        (.denied("'io.github.tripboard.Tripboard' disallowed by configuration for UID 1000"),
         .refused(reason: "'io.github.tripboard.Tripboard' disallowed by configuration for UID 1000")),
        (.denied(""), .refused(reason: nil)),
        (.timedOut, .timedOut(seconds: 10)),
        (.cancelled, .cancelled),
        (.failed("Type of return value is incorrect"), .broken(detail: "Type of return value is incorrect")),
    ])
    func errorsAreSorted(error: GeoClueError, failure: LocateFailure) {
        #expect(GeoClueLocator.failure(error) == failure)
    }
}

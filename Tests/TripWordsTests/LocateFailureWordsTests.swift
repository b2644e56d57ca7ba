import Testing
import TripCore
import TripWords

/// "Locate me"'s failures, said in plain words; the service's own reason sits inside our sentence
/// with one full stop.
struct LocateFailureWordsTests {
    @Test(arguments: [
        (LocateFailure.unavailable, "Your location is not available: no location service is running."),
        (.refused(reason: "Geolocation disabled for UID 1000."), "Location was refused: Geolocation disabled for UID 1000."),
        (.refused(reason: nil), "Location was refused by the location service."),
        (.timedOut(seconds: 15), "No position came within 15 seconds."),
        (.timedOut(seconds: 1), "No position came within 1 second."),
        (.broken(detail: "Type of return value is incorrect "),
         "Your location is not available: the location service answered oddly (Type of return value is incorrect)."),
    ])
    func eachFailureIsSaid(failure: LocateFailure, words: String) {
        #expect(failure.sentence == words)
    }
}

import Testing
import TripCore
import TripViewModels

/// The window says a service's own reason for a refusal, as the command line does.
struct ServiceReasonWordingTests {
    /// A 400 with a reason says that reason instead of pointing at Settings; without one, Settings as before.
    @Test func refusalSaysTheServicesReason() {
        let said = UserFacingError(.httpStatus(400, reason: "unsupported currency GBP; use USD, CAD or EUR"),
                                   service: "the coach search service")
        #expect(said.title == "The coach search service refused the request")
        #expect(said.message == "It answered with error 400: “unsupported currency GBP; use USD, CAD or EUR”.")
        #expect(!said.canRetry)
        #expect(UserFacingError(.httpStatus(400), service: "the coach search service").message
            == "It answered with error 400. Check the address and credentials in Settings.")
    }

    /// Refused credentials keep their advice and add the service's words.
    @Test func refusedCredentialsSayTheReasonToo() {
        let said = UserFacingError(.httpStatus(401, reason: "token expired"), service: "the coach search service")
        #expect(said.message == "It answered with error 401 (“token expired”): the token or key may be wrong or expired. "
            + "Check it in Settings.")
    }
}

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
        #expect(said.message == "It said: “unsupported currency GBP; use USD, CAD or EUR”.")
        #expect(said.details == "The service answered HTTP 400: unsupported currency GBP; use USD, CAD or EUR.")
        #expect(!said.canRetry)
        let bare = UserFacingError(.httpStatus(400), service: "the coach search service")
        #expect(bare.message == "Check the address and credentials in Settings.")
        #expect(bare.details == "The service answered HTTP 400.")
    }

    /// Refused credentials keep their advice; the service's words and the status are in the details.
    @Test func refusedCredentialsSayTheReasonToo() {
        let said = UserFacingError(.httpStatus(401, reason: "token expired"), service: "the coach search service")
        #expect(said.message == "The token or key may be wrong or expired: check it in Settings.")
        #expect(said.details == "The service answered HTTP 401: token expired.")
    }

    /// The message is one plain sentence; the status, the field and the transport's words are details.
    @Test func technicalPartIsInTheDetails() {
        let trouble = UserFacingError(.httpStatus(503), service: "the deals service")
        #expect(trouble.message == "Trying again in a moment often helps.")
        #expect(trouble.details == "The service answered HTTP 503.")
        let unreadable = UserFacingError(.decoding(.missingField("MinPrice", at: ["Aggregates"])), service: "the deals service")
        #expect(unreadable.message == "Tripboard could not read what it sent.")
        #expect(unreadable.details?.contains("MinPrice") == true)
        for said in [trouble, unreadable] {
            #expect(!said.message.contains("HTTP") && !said.message.contains("error "))
        }
    }
}

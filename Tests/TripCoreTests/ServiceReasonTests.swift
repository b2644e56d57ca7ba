import Foundation
import Testing
import TestSupport
@testable import TripCore
import TripWords

/// A service's own reason for a 4xx reaches `APIError` as one short plain line, and only that.
struct ServiceReasonTests {
    func refusal(_ body: String, status: Int = 400, type: String = "application/json") -> APIError? {
        do {
            _ = try HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(body.utf8)).requireSuccess()
            return nil
        } catch {
            return error
        }
    }

    /// Each error shape the services send gives its reason: the demo's and Busbud's `error`, TfL's
    /// `message` beside its other fields, and a nested `error.message`.
    @Test(arguments: [
        (#"{"error": "unsupported currency GBP; use USD, CAD or EUR"}"#, "unsupported currency GBP; use USD, CAD or EUR"),
        (#"{"$type": "Tfl.Api.Presentation.Entities.ApiError", "httpStatusCode": 404, "httpStatus": "NotFound", "message": "The following stop point is not recognised: 4900"}"#,
         "The following stop point is not recognised: 4900"),
        (#"{"error": {"code": "invalid_date", "message": "date must be today or later"}}"#, "date must be today or later"),
        (#"{"error": "Bad Request", "message": "lang must be en or fr"}"#, "lang must be en or fr"),
    ])
    func reasonIsRead(body: String, reason: String) {
        #expect(refusal(body) == .httpStatus(400, reason: reason))
    }

    /// Line breaks, tabs, control and direction-changing characters become single spaces: one line.
    @Test func reasonIsOnePlainLine() {
        let error = refusal(#"{"message": "  no such\nstop\r\n\tat \u0007all\u202E here  "}"#)
        #expect(error == .httpStatus(400, reason: "no such stop at all here"))
    }

    /// A web page, plain text, markup inside the field, a field of another type, an empty field or a
    /// huge body give no reason: the status is said alone, never the body.
    @Test(arguments: [
        ("<html><body><h1>400 Bad Request</h1></body></html>", "text/html"),
        (#"{"message": "<b>bad</b> request"}"#, "application/json"),
        (#"{"error": "see <a href=\"/help\">help</a>"}"#, "application/json"),
        (#"{"message": 42, "error": ["a"]}"#, "application/json"),
        (#"{"message": " \n\t "}"#, "application/json"),
        ("bad request: stack trace follows", "text/plain"),
        (#"["unsupported currency"]"#, "application/json"),
        (#"{"message": "too big"}"# + String(repeating: " ", count: 70_000), "application/json"),
    ])
    func noReasonWithoutAPlainOne(body: String, type: String) {
        #expect(refusal(body, type: type) == .httpStatus(400))
    }

    /// A long reason is cut at a word to at most 160 characters, ending with "…".
    @Test func longReasonIsCut() throws {
        let long = Array(repeating: "unsupported", count: 100).joined(separator: " ")
        guard case .httpStatus(400, let reason?) = refusal(#"{"error": "\#(long)"}"#) else {
            Issue.record("no reason read")
            return
        }
        #expect(reason.count <= ServiceReason.maxLength)
        #expect(reason.hasSuffix("unsupported…"))
    }

    /// A 5xx body speaks of the service's insides: no reason is kept, whatever it says.
    @Test func serverErrorsKeepNoReason() {
        #expect(refusal(#"{"error": "NullPointerException at Search.java:42"}"#, status: 503) == .httpStatus(503))
    }

    /// The line a person reads says the status and the service's reason.
    @Test func descriptionSaysTheReason() {
        #expect(APIError.httpStatus(400, reason: "unsupported currency GBP; use USD, CAD or EUR").sentence
            == "the service answered HTTP 400: unsupported currency GBP; use USD, CAD or EUR")
        #expect(APIError.httpStatus(404).sentence == "the service answered HTTP 404")
    }

    /// A service that echoes the request's key or token in its reason does not get it printed.
    @Test func echoedCredentialsAreMasked() async {
        let tfl = TfLClient(transport: ScriptedTransport([.success(HTTPResponse(
            status: 403, body: Data(#"{"message": "Invalid app_key k3y-123 for this API"}"#.utf8)))]),
            baseURL: URL(string: "https://api.example")!, appKey: "k3y-123")
        await #expect(throws: APIError.httpStatus(403, reason: "Invalid app_key ••• for this API")) {
            try await tfl.searchStops(matching: "Waterloo")
        }
        let busbud = BusbudClient(transport: ScriptedTransport([.success(HTTPResponse(
            status: 401, body: Data(#"{"error": "token PARTNER_abc is not valid"}"#.utf8)))]),
            baseURL: URL(string: "https://napi.example")!, token: "PARTNER_abc")
        await #expect(throws: APIError.httpStatus(401, reason: "token ••• is not valid")) {
            try await busbud.search(.standard)
        }
    }
}

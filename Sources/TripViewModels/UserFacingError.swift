import TripCore
import TripWords

/// An error as a person reads it: a short title, a sentence or two, and whether trying again can help.
public struct UserFacingError: Error, Sendable, Equatable {
    public var title: String
    public var message: String
    public var canRetry: Bool

    public init(title: String, message: String, canRetry: Bool = true) {
        self.title = title
        self.message = message
        self.canRetry = canRetry
    }

    /// Explains an `APIError` from the service called `service` (e.g. "the deals service").
    public init(_ error: APIError, service: String) {
        switch error {
        case .transport(let reason):
            self.init(title: "Can’t reach \(service)",
                      message: "Check the connection and try again. (\(reason.sentence))")
        case .httpStatus(let status, _) where status >= 500:
            self.init(title: "\(service.prefix(1).uppercased())\(service.dropFirst()) is having trouble",
                      message: "It answered with error \(status). Trying again in a moment often helps.")
        case .throttled(let seconds):
            self.init(title: "\(service.prefix(1).uppercased())\(service.dropFirst()) is busy",
                      message: "It asked for fewer requests (error 429). "
                        + (seconds.map { "Try again in \($0) seconds." } ?? "Try again in a moment."))
        case .httpStatus(let status, let reason) where status == 401 || status == 403:
            self.init(title: "\(service.prefix(1).uppercased())\(service.dropFirst()) did not accept the credentials",
                      message: "It answered with error \(status)" + (reason.map { " (“\($0)”)" } ?? "")
                        + ": the token or key may be wrong or expired. Check it in Settings.",
                      canRetry: false)
        case .httpStatus(let status, let reason):
            let retryable = status == 408 || status == 429
            self.init(title: "\(service.prefix(1).uppercased())\(service.dropFirst()) refused the request",
                      message: retryable
                        ? "It is busy (error \(status)). Try again in a moment."
                        : reason.map { "It answered with error \(status): “\($0)”." }
                            ?? "It answered with error \(status). Check the address and credentials in Settings.",
                      canRetry: retryable)
        case .tooLarge(let limit):
            self.init(title: "Unexpected answer from \(service)",
                      message: "It sent more than \(limit >> 20) MiB, far more than any answer Tripboard expects, "
                        + "so Tripboard stopped reading it.")
        case .decoding(let reason):
            self.init(title: "Unexpected answer from \(service)",
                      message: "Tripboard could not read what it sent: \(reason.sentence).")
        case .service(let refusal):
            self.init(title: "\(service.prefix(1).uppercased())\(service.dropFirst()) reported a problem",
                      message: refusal.sentence)
        case .cancelled:
            self.init(title: "Cancelled", message: "The request was cancelled.")
        }
    }
}

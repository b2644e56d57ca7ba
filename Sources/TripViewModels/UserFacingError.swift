import TripCore
import TripWords

/// An error as a person reads it: a short title, one plain sentence, the technical part kept apart
/// (behind "Details" in the window), and whether trying again can help.
public struct UserFacingError: Error, Sendable, Equatable {
    public var title: String
    public var message: String
    /// What a person reporting the problem would quote: the HTTP status, the service's own
    /// reason, the field that could not be read. Nil when there is nothing more to say.
    public var details: String?
    public var canRetry: Bool

    public init(title: String, message: String, details: String? = nil, canRetry: Bool = true) {
        self.title = title
        self.message = message
        self.details = details
        self.canRetry = canRetry
    }

    /// Explains an `APIError` from the service called `service` (e.g. "the deals service"); its
    /// details are the command line's sentence for it ("The service answered HTTP 503.").
    public init(_ error: APIError, service: String) {
        let named = Self.capitalised(service)
        let details = Self.capitalised(error.sentence) + "."
        switch error {
        case .transport:
            // TRANSLATORS: %1$@ names a service: "the deals service".
            self.init(title: tr("Can’t reach %1$@").filled(service), message: tr("Check the connection and try again."),
                      details: details)
        case .httpStatus(let status, _) where status >= 500:
            // TRANSLATORS: %1$@ names a service, capitalised: "The deals service".
            self.init(title: tr("%1$@ is having trouble").filled(named), message: tr("Trying again in a moment often helps."),
                      details: details)
        case .throttled(let seconds):
            self.init(title: tr("%1$@ is busy").filled(named),
                      message: seconds.map { Plural.counted($0, "Try again in %ld second.", "Try again in %ld seconds.") } ?? tr("Try again in a moment."),
                      details: details)
        case .httpStatus(let status, _) where status == 401 || status == 403:
            self.init(title: tr("%1$@ did not accept the credentials").filled(named),
                      message: tr("The token or key may be wrong or expired: check it in Settings."),
                      details: details, canRetry: false)
        case .httpStatus(let status, let reason):
            let retryable = status == 408 || status == 429
            self.init(title: tr("%1$@ refused the request").filled(named),
                      message: retryable ? tr("It is busy: try again in a moment.")
                        // TRANSLATORS: %1$@ is what the service said, in its own words.
                        : reason.map { tr("It said: “%1$@”.").filled($0) } ?? tr("Check the address and credentials in Settings."),
                      details: details, canRetry: retryable)
        case .tooLarge:
            self.init(title: tr("Unexpected answer from %1$@").filled(service),
                      message: tr("It sent far more than any answer Tripboard expects, so Tripboard stopped reading it."),
                      details: details)
        case .decoding:
            self.init(title: tr("Unexpected answer from %1$@").filled(service), message: tr("Tripboard could not read what it sent."),
                      details: details)
        case .service(let refusal):
            self.init(title: tr("%1$@ reported a problem").filled(named), message: refusal.sentence)
        case .cancelled:
            self.init(title: tr("Cancelled"), message: tr("The request was cancelled."))
        }
    }

    private static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

/// Why a service that answered well-formed could not do what was asked.
public enum ServiceRefusal: Sendable, Equatable {
    /// The service's own words (TramTracker's `errorMessage`), shown as plain text.
    case said(String)
    /// The service reported an error and gave no reason.
    case noReasonGiven
    /// The service, by its short name ("TfL"), knows no stop with this id.
    case unknownStop(String, service: String)
    /// The service rejected the device token it had just issued (TramTracker).
    case freshTokenRejected
    /// The service gave no device token when asked for one (TramTracker).
    case noDeviceToken
    /// No service of this id is registered.
    case unknownService(String)
    /// No service for this provider's stops was given to ask (a favourite of a service not set up).
    case noStopService(ServiceID)
}

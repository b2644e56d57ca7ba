import Foundation

/// What an alert has to tell, once: the window turns it into a notification, the command line into
/// its one line. Each carries the alert as it was then.
public enum AlertEvent: Sendable, Equatable {
    /// The vehicle is within the alert's minutes: `arrival` is the prediction that says so.
    case fired(Alert, Arrival)
    /// The vehicle is no longer predicted; `next` is the next arrival on the same route, if any.
    case vanished(Alert, next: Arrival?)
    /// `Alert.failuresToGiveUp` refreshes in a row failed, the last for `failure`: it cannot follow the vehicle.
    case failing(Alert, APIError)

    /// The alert as it was when this happened.
    public var alert: Alert {
        switch self {
        case .fired(let alert, _), .vanished(let alert, _), .failing(let alert, _): alert
        }
    }
}

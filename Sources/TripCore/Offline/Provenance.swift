import Foundation

/// Where an answer on screen came from, and when it arrived: every answer says it (the command
/// line's `received`), and one kept from earlier is never shown as fresh.
public enum Provenance: Sendable, Equatable {
    /// Asked just now: it arrived at `received`.
    case live(received: Date)
    /// Kept from earlier, received at `received`. `because` is the failure, caused by the network,
    /// it stands in for; nil when it is shown before asking (at start, or within Busbud's ttl)
    /// while the fresh answer comes.
    case kept(received: Date, because: APIError?)

    public var received: Date {
        switch self {
        case .live(let received), .kept(let received, _): received
        }
    }

    /// Shown from the cache because asking failed: the rows are not fresh, and the page says so.
    public var isOffline: Bool { offlineFailure != nil }

    /// The failure a kept answer stands in for; nil for a live one or one shown before asking.
    public var offlineFailure: APIError? {
        if case .kept(_, let because) = self { because } else { nil }
    }

    public var isKept: Bool {
        if case .kept = self { true } else { false }
    }

    /// What a notice calls it, with `kind` ("showing deals from 14:05").
    public func kept<Answer>(_ answer: Answer, kind: AnswerKind) -> Kept<Answer>? {
        isKept ? Kept(answer, kind: kind, received: received) : nil
    }
}

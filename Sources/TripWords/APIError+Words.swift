import TripCore

extension APIError {
    /// What went wrong, as one clause a line or a message can carry: "the service answered HTTP 503".
    public var sentence: String {
        switch self {
        case .transport(let reason): "could not reach the service: \(reason.sentence)"
        case .tooLarge(let limit): "the service sent more than \(limit >> 20) MiB, more than Tripboard accepts"
        case .httpStatus(let status, let reason): "the service answered HTTP \(status)" + (reason.map { ": \($0)" } ?? "")
        case .throttled(let seconds):
            "the service answered HTTP 429 (too many requests)" + (seconds.map { "; it asks to wait \($0) s" } ?? "")
        case .decoding(let reason): "the service sent a response that could not be read: \(reason.sentence)"
        case .service(let refusal): "the service reported an error: \(refusal.sentence)"
        case .cancelled: "the request was cancelled"
        }
    }
}

extension TransportFailure {
    /// "the connection was refused"
    public var sentence: String {
        switch self {
        case .timedOut(let seconds): "no answer within \(seconds) seconds"
        case .refused: "the connection was refused"
        case .hostNotFound: "the server’s name could not be found"
        case .offline: "this computer is offline"
        case .connectionLost: "the connection was lost"
        case .noHTTPResponse: "the server sent no HTTP response"
        case .system(let words): words
        }
    }
}

extension ServiceRefusal {
    /// The service's own words, or what its refusal means.
    public var sentence: String {
        switch self {
        case .said(let words): words
        case .noReasonGiven: "no reason given"
        case .unknownStop(let id, let service): "\(service) knows no stop with the id “\(id)”"
        case .freshTokenRejected: "TramTracker rejected a fresh device token"
        case .noDeviceToken: "TramTracker gave no device token"
        case .unknownService(let id): "no service “\(id)”"
        case .noStopService(let provider): "no service for \(provider) stops"
        }
    }
}

extension DecodingProblem {
    /// "no Title in destinations.4|7", "not valid JSON".
    public var sentence: String {
        switch self {
        case .notJSON: "not valid JSON"
        case .unreadableValue(let path): "unreadable value at \(Self.place(path))"
        case .missingField(let field, let path): "no \(field) in \(path.isEmpty ? "the response" : Self.place(path))"
        case .unexpectedValue(let path): "unexpected value at \(Self.place(path))"
        case .emptyAnswer: "the answer was empty"
        case .webPage: "it sent a web page instead of data, so the address may be wrong or something in between answered"
        case .noDeviceToken: "no device token in the answer"
        case .notADestinationKey(let key): "“\(key)” is not a destination key"
        case .unreadableEntry(let key): "unreadable entry \(key)"
        case .unreadableTimes(let id): "unreadable times in departure \(id)"
        case .nothingReadable(let count, let item, let first):
            "none of the \(item.counted(count)) the service sent could be read" + Self.theFirst(first)
        case .other(let words): words
        }
    }

    /// " (the first: …)" after a count of what was left out; empty without a reason.
    static func theFirst(_ reason: DecodingProblem?) -> String {
        reason.map { " (the first: \($0.sentence))" } ?? ""
    }

    private static func place(_ path: [String]) -> String {
        path.isEmpty ? "the top level" : path.joined(separator: ".")
    }
}

extension ItemKind {
    /// "1 deal", "3 departures".
    public func counted(_ count: Int) -> String {
        switch self {
        case .deal: Plural.counted(count, "%ld deal", "%ld deals")
        case .departure: Plural.counted(count, "%ld departure", "%ld departures")
        case .prediction: Plural.counted(count, "%ld prediction", "%ld predictions")
        case .stop: Plural.counted(count, "%ld stop", "%ld stops")
        }
    }
}

extension LeftOut {
    /// "2 deals could not be read (the first: no Title in 4|7)"; nil when nothing was left out.
    /// The window says less, and keeps the reason for its details: `reasons` false gives "2 deals
    /// could not be read".
    public func sentence(_ item: ItemKind, reasons: Bool = true) -> String? {
        guard count > 0 else { return nil }
        return "\(item.counted(count)) could not be read" + (reasons ? DecodingProblem.theFirst(reason) : "")
    }
}

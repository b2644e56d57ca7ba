import TripCore

extension APIError {
    /// What went wrong, as one clause a line or a message can carry: "the service answered HTTP 503".
    public var sentence: String {
        switch self {
        // TRANSLATORS: %1$@ says why: "could not reach the service: the connection was refused".
        case .transport(let reason): tr("could not reach the service: %1$@").filled(reason.sentence)
        // TRANSLATORS: %1$ld is a size in mebibytes.
        case .tooLarge(let limit): tr("the service sent more than %1$ld MiB, more than Tripboard accepts").filled(limit >> 20)
        case .httpStatus(let status, let reason):
            if let reason {
                // TRANSLATORS: %1$ld is an HTTP status code, %2$@ the status line's words as the server sent them.
                tr("the service answered HTTP %1$ld: %2$@").filled(status, reason)
            } else {
                // TRANSLATORS: %1$ld is an HTTP status code.
                tr("the service answered HTTP %1$ld").filled(status)
            }
        case .throttled(let seconds):
            if let seconds {
                // TRANSLATORS: %1$ld is a number of seconds.
                tr("the service answered HTTP 429 (too many requests); it asks to wait %1$ld s").filled(seconds)
            } else {
                tr("the service answered HTTP 429 (too many requests)")
            }
        case .decoding(let reason): tr("the service sent a response that could not be read: %1$@").filled(reason.sentence)
        case .service(let refusal): tr("the service reported an error: %1$@").filled(refusal.sentence)
        case .cancelled: tr("the request was cancelled")
        }
    }
}

extension TransportFailure {
    /// "the connection was refused"
    public var sentence: String {
        switch self {
        case .timedOut(let seconds): Plural.counted(seconds, "no answer within %ld second", "no answer within %ld seconds")
        case .refused: tr("the connection was refused")
        case .hostNotFound: tr("the server’s name could not be found")
        case .offline: tr("this computer is offline")
        case .connectionLost: tr("the connection was lost")
        case .noHTTPResponse: tr("the server sent no HTTP response")
        case .system(let words): words
        }
    }
}

extension ServiceRefusal {
    /// The service's own words, or what its refusal means.
    public var sentence: String {
        switch self {
        case .said(let words): words
        case .noReasonGiven: tr("no reason given")
        // TRANSLATORS: %1$@ names a service ("TfL"), %2$@ is a stop's id.
        case .unknownStop(let id, let service): tr("%1$@ knows no stop with the id “%2$@”").filled(service, id)
        case .freshTokenRejected: tr("TramTracker rejected a fresh device token")
        case .noDeviceToken: tr("TramTracker gave no device token")
        // TRANSLATORS: %1$@ is a service's id as typed ("tfl").
        case .unknownService(let id): tr("no service “%1$@”").filled(id)
        // TRANSLATORS: %1$@ is a service's id ("tfl").
        case .noStopService(let provider): tr("no service for %1$@ stops").filled(provider.rawValue)
        }
    }
}

extension DecodingProblem {
    /// "no Title in destinations.4|7", "not valid JSON".
    public var sentence: String {
        switch self {
        case .notJSON: tr("not valid JSON")
        // TRANSLATORS: %1$@ is a place in the response: "destinations.4", or "the top level".
        case .unreadableValue(let path): tr("unreadable value at %1$@").filled(Self.place(path))
        case .missingField(let field, let path):
            if path.isEmpty {
                // TRANSLATORS: %1$@ is a field's name in the service's data ("Title"), not translated.
                tr("no %1$@ in the response").filled(field)
            } else {
                // TRANSLATORS: %1$@ is a field's name in the service's data ("Title"), %2$@ where it was missing ("destinations.4|7").
                tr("no %1$@ in %2$@").filled(field, Self.place(path))
            }
        case .unexpectedValue(let path): tr("unexpected value at %1$@").filled(Self.place(path))
        case .emptyAnswer: tr("the answer was empty")
        case .webPage: tr("it sent a web page instead of data, so the address may be wrong or something in between answered")
        case .noDeviceToken: tr("no device token in the answer")
        case .notADestinationKey(let key): tr("“%1$@” is not a destination key").filled(key)
        // TRANSLATORS: %1$@ is an entry's key in the service's data.
        case .unreadableEntry(let key): tr("unreadable entry %1$@").filled(key)
        // TRANSLATORS: %1$@ is a departure's id in the service's data.
        case .unreadableTimes(let id): tr("unreadable times in departure %1$@").filled(id)
        case .nothingReadable(let count, let item, let first):
            if let first {
                // TRANSLATORS: %1$@ counts what was sent ("3 departures"), %2$@ says why the first could not be read.
                tr("none of the %1$@ the service sent could be read (the first: %2$@)").filled(item.counted(count), first.sentence)
            } else {
                // TRANSLATORS: %1$@ counts what was sent ("3 departures").
                tr("none of the %1$@ the service sent could be read").filled(item.counted(count))
            }
        case .other(let words): words
        }
    }

    /// "unreadable value at the top level", where a path is empty; else the path ("destinations.4").
    private static func place(_ path: [String]) -> String {
        path.isEmpty ? tr("the top level") : path.joined(separator: ".")
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

    /// "2 deals could not be read", in a sentence whose verb agrees with the count.
    func unread(_ count: Int) -> String {
        switch self {
        case .deal: Plural.counted(count, "%ld deal could not be read", "%ld deals could not be read")
        case .departure: Plural.counted(count, "%ld departure could not be read", "%ld departures could not be read")
        case .prediction: Plural.counted(count, "%ld prediction could not be read", "%ld predictions could not be read")
        case .stop: Plural.counted(count, "%ld stop could not be read", "%ld stops could not be read")
        }
    }
}

extension LeftOut {
    /// "2 deals could not be read (the first: no Title in 4|7)"; nil when nothing was left out.
    /// The window says less, and keeps the reason for its details: `reasons` false gives "2 deals
    /// could not be read".
    public func sentence(_ item: ItemKind, reasons: Bool = true) -> String? {
        guard count > 0 else { return nil }
        let unread = item.unread(count)
        guard reasons, let reason else { return unread }
        // TRANSLATORS: %1$@ says what could not be read ("2 deals could not be read"), %2$@ why the first could not.
        return tr("%1$@ (the first: %2$@)").filled(unread, reason.sentence)
    }
}

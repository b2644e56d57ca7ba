/// Whether a failure may be covered by the last good answer kept for the request.
///
/// Only what a network causes is: no connection, a time limit, a name not found, a connection
/// refused or dropped, the system's other transport failures, and a 5xx (which `RetryingTransport`
/// has already tried again). What the service said about the request — a 4xx, 429 included, a
/// refusal — and an answer that came but could not be read are said as they are: an old answer
/// would hide a fault that will not go away by itself.
public enum Fallback {
    public static func allows(_ error: APIError) -> Bool {
        switch error {
        case .transport(let failure):
            switch failure {
            case .timedOut, .refused, .hostNotFound, .offline, .connectionLost, .system: true
            // Something answered, not in HTTP: a wrong address, not a missing network.
            case .noHTTPResponse: false
            }
        case .httpStatus(let status, _): (500..<600).contains(status)
        case .throttled, .tooLarge, .decoding, .service: false
        // Nothing is waiting to be shown: a newer request replaced this one.
        case .cancelled: false
        }
    }
}

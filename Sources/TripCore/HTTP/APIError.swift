extension Result where Failure == APIError {
    /// What `body` gave or threw. (Task-group children use this instead of a `do`/`catch` with
    /// typed throws inside their closure: the 6.3 compiler's release builds lost such a child's
    /// result, which crashed `tripboard favourites`.)
    public static func of(_ body: () async throws(APIError) -> Success) async -> Self {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}

/// What went wrong talking to a service, split by layer. It carries typed reasons, never sentences:
/// the wording layer (`TripWords`) says them.
public enum APIError: Error, Sendable, Equatable {
    /// No usable response: unreachable host, timeout, connection dropped.
    case transport(TransportFailure)
    /// The body was longer than `limit` bytes and was abandoned (as it arrived, where the transport can).
    case tooLarge(limit: Int)
    /// The service answered with a non-2xx status, and for a 4xx the reason its error body gave in
    /// its own words when it gave one (`ServiceReason`: one short plain line, never the body itself).
    case httpStatus(Int, reason: String? = nil)
    /// HTTP 429: the service asks for fewer requests, and how many seconds to wait when it says.
    case throttled(retryAfter: Int?)
    /// The body was not the shape the API documents.
    case decoding(DecodingProblem)
    /// The service answered, well-formed, that it could not do what was asked.
    case service(ServiceRefusal)
    /// The request was cancelled because a newer one replaced it or the user stopped it.
    case cancelled

    /// The connection dropped before the whole answer arrived (worth trying again for a GET).
    public static let connectionLost = APIError.transport(.connectionLost)
}

extension APIError {
    /// This error with every occurrence of `secret` (a token or key the request carried) masked in
    /// the service's own words, so a service that echoes a credential back cannot get it printed.
    public func masking(_ secret: String?) -> APIError {
        guard let secret, !secret.isEmpty, case .httpStatus(let status, let reason?) = self,
              reason.contains(secret) else { return self }
        return .httpStatus(status, reason: reason.replacingOccurrences(of: secret, with: "•••"))
    }
}

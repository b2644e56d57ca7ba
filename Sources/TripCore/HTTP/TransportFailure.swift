/// Why no usable answer arrived, as a transport tells it.
public enum TransportFailure: Sendable, Equatable {
    /// Nothing came back within the time limit, in whole seconds.
    case timedOut(seconds: Int)
    /// The host refused the connection.
    case refused
    /// The server's name could not be found.
    case hostNotFound
    /// This computer has no network.
    case offline
    /// The connection dropped before the whole answer arrived.
    case connectionLost
    /// The server answered with something that is not HTTP.
    case noHTTPResponse
    /// Any other failure, in the system's own words (its localised description), shown as given.
    case system(String)
}

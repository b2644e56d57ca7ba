import Foundation

/// The client of a transit service: its stops and their live arrivals, over any transport.
public protocol TransitClient: Sendable {
    var provider: any TransitProvider { get }
    /// Every arrival the service predicts at the stop, soonest first.
    func arrivals(at stopID: String) async throws(APIError) -> ArrivalsResult
    /// Stops whose name matches `text`: stops, never the areas or stations that group them.
    func searchStops(matching text: String) async throws(APIError) -> [TransitStop]
    /// Stops within `radius` metres of `point`, nearest first.
    func stops(near point: Coordinate, radius: Int) async throws(APIError) -> [TransitStop]
    /// The stop `stopID` names, with the routes that call there; nil when the service does not know it.
    func stop(_ stopID: String) async throws(APIError) -> TransitStop?
    /// The arrivals kept from an earlier ask at the stop, to show while asking afresh; nil when none.
    func keptArrivals(at stopID: String) async -> ArrivalsResult?
    /// The client as one whose arrivals can be kept; nil when they cannot. Answered by the
    /// protocols' own extensions, not a dynamic cast (whose first use of each type searches the
    /// binary's conformance records, a million instructions at start-up for the two clients).
    var keepingArrivals: (any ArrivalsKeeping)? { get }
}

/// A transit client whose arrivals can be kept as received and read again when the network is gone.
public protocol ArrivalsKeeping: TransitClient {
    /// The address asked, so one service's kept answers are not another address's.
    var baseURL: URL { get }
    /// The arrivals at the stop, and the body they were read from.
    func receivedArrivals(at stopID: String) async throws(APIError) -> (result: ArrivalsResult, body: Data)
    /// Arrivals read from a body `receivedArrivals` gave.
    func arrivals(reading body: Data) throws(APIError) -> ArrivalsResult
}

extension TransitClient {
    /// A service that cannot look a stop up by its id knows none.
    public func stop(_ stopID: String) async throws(APIError) -> TransitStop? { nil }
    public func keptArrivals(at stopID: String) async -> ArrivalsResult? { nil }
    public var keepingArrivals: (any ArrivalsKeeping)? { nil }
}

extension ArrivalsKeeping {
    public var keepingArrivals: (any ArrivalsKeeping)? { self }
}

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
}

extension TransitClient {
    /// A service that cannot look a stop up by its id knows none.
    public func stop(_ stopID: String) async throws(APIError) -> TransitStop? { nil }
}

import TripCore

extension ServiceProvider {
    /// The service as a sentence names it: its own name ("the deals service"), else from its
    /// mode ("the London bus service").
    public var serviceName: String {
        if let ownServiceName { return ownServiceName }
        if let transit = self as? any TransitProvider { return "the \(transit.modeName) service" }
        return "the service"
    }
}

import TripCore

extension ServiceProvider {
    /// The service as a sentence names it: its own name ("the deals service"), else from its
    /// mode ("the London bus service").
    public var serviceName: String {
        if let ownServiceName { return translated(ownServiceName) }
        // TRANSLATORS: a service named by its mode, %1$@: "the London bus service".
        if let transit = asTransit { return tr("the %1$@ service").filled(translated(transit.modeName)) }
        return tr("the service")
    }
}

/// Every service Tripboard talks to, in the order the Settings tab shows them, and the settings
/// that belong to none. Everything that needs "each service" iterates this list.
public struct ServiceRegistry: Sendable {
    public let services: [any ServiceProvider]
    public let transit: [any TransitProvider]

    public init(_ services: [any ServiceProvider]) {
        self.services = services
        transit = services.compactMap(\.asTransit)
    }

    /// The four services of the app: deals, coach search, London buses, Melbourne trams.
    public static let standard = ServiceRegistry([DealsProvider(), BusbudProvider(), TfLProvider(), TramTrackerProvider()])

    /// Every setting: each service's, then the app's own (search defaults, refresh, display).
    public var settingKeys: [SettingKey] { services.flatMap(\.allSettings) + SettingKey.general }

    /// The setting named `name`, as `tripboard settings set` takes it.
    public func key(named name: String) -> SettingKey? {
        settingKeys.first { $0.rawValue == name }
    }

    public func service(_ id: ServiceID) -> (any ServiceProvider)? {
        services.first { $0.id == id }
    }

    public func transit(_ id: ServiceID) -> (any TransitProvider)? {
        transit.first { $0.id == id }
    }

    /// The service a setting belongs to; nil for the app's own settings.
    public func service(owning key: SettingKey) -> (any ServiceProvider)? {
        services.first { $0.allSettings.contains(key) }
    }
}

extension ServiceRegistry: Equatable {
    public static func == (lhs: ServiceRegistry, rhs: ServiceRegistry) -> Bool {
        lhs.services.map(\.id) == rhs.services.map(\.id)
    }
}

import TripCore

/// One setting as `tripboard settings` prints it: every setting of every service of the
/// registry, then the app's own.
public struct SettingEntry: Encodable, Sendable, Equatable {
    /// "tfl.app_key"
    public var key: String
    /// Credentials masked ("••••••••abcd"); everything else as it is.
    public var value: String
    /// "default", "saved" or "environment".
    public var origin: String
    /// The variable in force, when the origin is the environment.
    public var variable: String?

    public init(_ key: SettingKey, settings: Settings) {
        self.key = key.rawValue
        value = settings.shown(key)
        origin = settings.origin(key).rawValue
        variable = settings.origin(key) == .environment ? settings.variableInForce(key) : nil
    }

    private enum CodingKeys: String, CodingKey { case key, value, origin, variable }

    /// Every field, `variable` as `null` when no variable is in force: never a missing key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(value, forKey: .value)
        try container.encode(origin, forKey: .origin)
        try container.encode(variable, forKey: .variable)
    }
}

/// Which service: the name its settings, its stops (in the favourites database, by raw value) and
/// the demo's routing know it by. Each service declares its own in its folder.
public struct ServiceID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

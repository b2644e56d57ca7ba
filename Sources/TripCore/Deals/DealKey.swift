/// Identifies a destination in the deals service: the "type|id" key of `HotelsByChildDestination`.
public struct DealKey: Hashable, Sendable, CustomStringConvertible {
    /// The kind of destination (country, region, …) as the provider numbers it.
    public var type: Int
    public var id: Int

    public init(type: Int, id: Int) {
        self.type = type
        self.id = id
    }

    /// Parses "4|3539"; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let type = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let id = Int(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        self.init(type: type, id: id)
    }

    public var description: String { "\(type)|\(id)" }
}

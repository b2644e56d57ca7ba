/// A coach company.
public struct Operator: Hashable, Sendable, Decodable {
    public var id: String
    public var name: String
    public var displayName: String?

    public init(id: String, name: String, displayName: String? = nil) {
        self.id = id
        self.name = name
        self.displayName = displayName
    }

    /// What people call it: the display name when there is one, else the name.
    public var shownName: String {
        if let displayName, !displayName.isEmpty { displayName } else { name }
    }
}

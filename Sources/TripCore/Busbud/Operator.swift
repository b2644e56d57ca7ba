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

    private enum Keys: String, CodingKey {
        case id, name, displayName = "display_name"
    }

    /// An operator needs its id and some name; the display name is a detail.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Keys.self)
        guard let id = fields.lenientText(.id),
              let name = fields.lenientText(.name) ?? fields.lenientText(.displayName) else {
            throw DecodingError.keyNotFound(Keys.name, .init(codingPath: fields.codingPath, debugDescription: "id, name"))
        }
        self.id = id
        self.name = name
        displayName = fields.lenientText(.displayName)
    }
}

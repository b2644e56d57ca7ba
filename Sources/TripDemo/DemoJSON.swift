import Foundation

/// A JSON value as the demo writes it. The simulators build their answers as plain dictionaries
/// and arrays; this writes them with sorted keys, so an answer is the same bytes every time.
///
/// Not `JSONSerialization`: it bridges every value to an `NS` object and sorts keys with the
/// system locale's collation (ICU). In the window, writing the demo's arrivals that way was most
/// of a Favourites refresh's work: 19–24 ms of worker time for three stops, 6–7 ms with this.
enum DemoJSON: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([DemoJSON])
    case object([String: DemoJSON])

    /// The value of what a simulator built: strings, whole and decimal numbers, booleans, `NSNull`,
    /// and arrays and string-keyed dictionaries of them. Nil for anything else.
    init?(_ value: Any) {
        switch value {
        case let value as DemoJSON: self = value
        case let text as String: self = .string(text)
        case let flag as Bool: self = .bool(flag)
        case let number as Int: self = .int(number)
        case let number as Double: self = .double(number)
        case let number as any BinaryInteger:
            guard let whole = Int(exactly: number) else { return nil }
            self = .int(whole)
        case let number as any BinaryFloatingPoint: self = .double(Double(number))
        case is NSNull: self = .null
        case let items as [Any]: self.init(items: items)
        case let fields as [String: Any]: self.init(fields: fields)
        default: return nil
        }
    }

    private init?<Items: Collection>(items: Items) {
        var converted: [DemoJSON] = []
        converted.reserveCapacity(items.count)
        for item in items {
            guard let item = DemoJSON(item) else { return nil }
            converted.append(item)
        }
        self = .array(converted)
    }

    private init?(fields: [String: Any]) {
        var converted: [String: DemoJSON] = [:]
        converted.reserveCapacity(fields.count)
        for (key, field) in fields {
            guard let field = DemoJSON(field) else { return nil }
            converted[key] = field
        }
        self = .object(converted)
    }

    /// `value` written as JSON with sorted keys; nil when it holds something JSON cannot say.
    static func data(_ value: Any) -> Data? {
        guard let json = DemoJSON(value) else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(json)
    }

    /// The object a JSON text holds; nil when it holds none.
    static func object(in data: Data) -> [String: DemoJSON]? {
        guard case .object(let fields)? = try? JSONDecoder().decode(DemoJSON.self, from: data) else { return nil }
        return fields
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([DemoJSON].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: DemoJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .int(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let fields): try container.encode(fields)
        }
    }
}

import Foundation
import TripCore

/// A JSON value as the demo writes it. The simulators build their answers as plain dictionaries
/// and arrays; this writes them with sorted keys, so an answer is the same bytes every time.
///
/// Not `JSONSerialization`: it bridges every value to an `NS` object and sorts keys with the
/// system locale's collation (ICU). In the window, writing the demo's arrivals that way was most
/// of a Favourites refresh's work: 19–24 ms of worker time for three stops, 6–7 ms through this
/// enum and `JSONEncoder`. `data(_:)` now writes the built values' bytes straight, without
/// making a tree of this enum first or going through an encoder.
enum DemoJSON: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([DemoJSON])
    case object([String: DemoJSON])

    /// `value` written as JSON with sorted keys, as `JSONEncoder` with `.sortedKeys` writes it but
    /// for "/", which is left as it is (strings by `JSONText`, as `PrettyJSON` writes them); nil
    /// when it holds something JSON cannot say.
    static func data(_ value: Any) -> Data? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        guard write(value, to: &bytes) else { return nil }
        return Data(bytes)
    }

    /// Appends `value`'s JSON to `bytes`; false when it holds something JSON cannot say (then
    /// `bytes` holds a part of it).
    private static func write(_ value: Any, to bytes: inout [UInt8]) -> Bool {
        // The simulators' own shapes first, each an exact type: a cast to `[Any]` would copy an
        // array of dictionaries element by element, and one to a protocol (`any BinaryInteger`)
        // searches the conformances, so those come last.
        switch value {
        case let text as String: JSONText.append(text, to: &bytes)
        case let number as Int: bytes.append(contentsOf: String(number).utf8)
        case let fields as [String: Any]: return write(fields: fields, to: &bytes)
        case let items as [[String: Any]]: return write(items: items, to: &bytes)
        case let items as [String]: return write(items: items, to: &bytes)
        case let flag as Bool: bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case let number as Double: return write(number, to: &bytes)
        case let value as DemoJSON: return value.write(to: &bytes)
        case let fields as [String: DemoJSON]: return write(fields: fields, to: &bytes)
        case is NSNull: bytes.append(contentsOf: "null".utf8)
        case let items as [Any]: return write(items: items, to: &bytes)
        case let number as any BinaryInteger:
            guard let whole = Int(exactly: number) else { return false }
            bytes.append(contentsOf: String(whole).utf8)
        case let number as any BinaryFloatingPoint: return write(Double(number), to: &bytes)
        default: return false
        }
        return true
    }

    private func write(to bytes: inout [UInt8]) -> Bool {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): bytes.append(contentsOf: String(number).utf8)
        case .double(let number): return Self.write(number, to: &bytes)
        case .string(let text): JSONText.append(text, to: &bytes)
        case .array(let items): return Self.write(items: items, to: &bytes)
        case .object(let fields): return Self.write(fields: fields, to: &bytes)
        }
        return true
    }

    private static func write<Items: Collection>(items: Items, to bytes: inout [UInt8]) -> Bool {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            guard write(item, to: &bytes) else { return false }
        }
        bytes.append(UInt8(ascii: "]"))
        return true
    }

    /// Keys in the order of their UTF-8 bytes, as `JSONEncoder`'s `.sortedKeys` puts them: the
    /// order of `<` for keys in NFC, as every key the demo writes is (`<` compares those byte by
    /// byte; the bytes through a `UTF8View` cost ten times as much).
    private static func write<Field>(fields: [String: Field], to bytes: inout [UInt8]) -> Bool {
        bytes.append(UInt8(ascii: "{"))
        let sorted = fields.sorted { $0.key < $1.key }
        for (index, (key, field)) in sorted.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.append(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            guard write(field, to: &bytes) else { return false }
        }
        bytes.append(UInt8(ascii: "}"))
        return true
    }

    /// A whole number without a fraction ("3", not "3.0"), as `JSONEncoder` writes it; nil for
    /// infinities and NaN, which JSON cannot say.
    private static func write(_ number: Double, to bytes: inout [UInt8]) -> Bool {
        guard number.isFinite else { return false }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        return true
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
}

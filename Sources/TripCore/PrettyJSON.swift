import Foundation

/// Writes an `Encodable` value as `JSONEncoder` with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` does, byte for byte, straight into one buffer: no tree of values, no
/// dictionary per object, no hashing of keys. It knows strings, integers, booleans, null, arrays
/// and objects; a value with anything else in it (a number with a fraction, a `Decimal`, a date,
/// a nested container asked for by hand, a key written twice) is written by `JSONEncoder`
/// itself, so the output is the same either way.
public enum PrettyJSON {
    public static func encode<Value: Encodable>(_ value: Value) throws -> String {
        do {
            return String(decoding: try written(value), as: UTF8.self)
        } catch is Declined {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        }
    }

    /// The value's bytes, or `Declined` when it holds something left to `JSONEncoder`.
    static func written<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let sink = Sink()
        defer { sink.spare.removeAll() }  // they hold the sink
        try sink.write(value, depth: 0)
        return sink.bytes
    }

    /// Thrown inside when the value holds something this writer leaves to `JSONEncoder`.
    struct Declined: Error {}

    final class Sink {
        // Only ever used from the one call that made the sink: no exclusivity checks on each byte.
        @exclusivity(unchecked) var bytes: [UInt8] = []
        /// Where an object's fields wait while it is written again in key order.
        @exclusivity(unchecked) var scratch: [UInt8] = []
        /// The last key order worked out at each depth, by the keys in the order they came:
        /// every row of a list has the same keys in the same order, so each is sorted once.
        @exclusivity(unchecked) var orders: [(keys: [String], order: [Int])] = []
        /// Encoders done with, for the next values: values nest, so they are taken and given back
        /// last in, first out.
        @exclusivity(unchecked) var spare: [ValueEncoder] = []

        init() {
            bytes.reserveCapacity(1 << 16)
        }

        func write<Value: Encodable>(_ value: Value, depth: Int) throws {
            // By type rather than by casts: a failed cast is a walk through the runtime's tables.
            switch ObjectIdentifier(Value.self) {
            case ObjectIdentifier(String.self): writeString(value as! String)
            case ObjectIdentifier(Int.self): writeInteger(value as! Int)
            case ObjectIdentifier(Bool.self): writeLiteral(value as! Bool ? "true" : "false")
            // JSONEncoder writes these its own way rather than through their `encode(to:)`.
            case ObjectIdentifier(Decimal.self), ObjectIdentifier(Date.self), ObjectIdentifier(Data.self), ObjectIdentifier(URL.self):
                throw Declined()
            default:
                let encoder = spare.popLast() ?? ValueEncoder(sink: self)
                encoder.begin(depth: depth)
                let start = bytes.count
                try value.encode(to: encoder)
                try encoder.finish(from: start)
                spare.append(encoder)
            }
        }

        func writeLiteral(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        func writeInteger<Number: BinaryInteger>(_ number: Number) {
            bytes.append(contentsOf: String(number).utf8)
        }

        func writeIndent(_ depth: Int) {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }

        func writeString(_ string: String) {
            JSONText.append(string, to: &bytes)
        }
    }

    /// The encoder one value at one depth is given. Arrays are written as their elements come;
    /// an object's fields are written after it and put in key order when the value is done.
    final class ValueEncoder: Encoder {
        enum Shape { case unasked, single, singleWritten, array, object, declined }
        struct Field { var key: String; var value: Range<Int> }

        let sink: Sink
        private(set) var depth = 0
        @exclusivity(unchecked) var shape = Shape.unasked
        /// An array's elements so far.
        @exclusivity(unchecked) private var count = 0
        /// An object's fields so far, where their values were written.
        @exclusivity(unchecked) private var fields: [Field] = []
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(sink: Sink) {
            self.sink = sink
        }

        func begin(depth: Int) {
            self.depth = depth
            shape = .unasked
            count = 0
            fields.removeAll(keepingCapacity: true)
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            shape = shape == .unasked ? .object : .declined
            return KeyedEncodingContainer(Keyed<Key>(encoder: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if shape == .unasked { sink.writeLiteral("[\n") }
            shape = shape == .unasked ? .array : .declined
            return Unkeyed(encoder: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            shape = shape == .unasked ? .single : .declined
            return Single(encoder: self)
        }

        /// A field's value, written at the end of the buffer for `finish` to move into place.
        func field(_ key: some CodingKey, _ write: () throws -> Void) throws {
            guard shape == .object else { throw Declined() }
            let start = sink.bytes.count
            try write()
            fields.append(Field(key: key.stringValue, value: start..<sink.bytes.count))
        }

        func element(_ write: () throws -> Void) throws {
            guard shape == .array else { throw Declined() }
            if count > 0 { sink.writeLiteral(",\n") }
            sink.writeIndent(depth + 1)
            try write()
            count += 1
        }

        var elements: Int { count }

        func single(_ write: () throws -> Void) throws {
            guard shape == .single else { throw Declined() }
            try write()
            shape = .singleWritten
        }

        func finish(from start: Int) throws {
            switch shape {
            case .unasked, .single, .declined:
                throw Declined()
            case .singleWritten:
                break
            case .array:
                sink.writeLiteral("\n")
                sink.writeIndent(depth)
                sink.writeLiteral("]")
            case .object:
                try finishObject(from: start)
            }
        }

        private func finishObject(from start: Int) throws {
            let order = try keyOrder()
            sink.scratch.removeAll(keepingCapacity: true)
            sink.scratch.append(contentsOf: sink.bytes[start...])
            sink.bytes.removeSubrange(start...)
            sink.writeLiteral("{\n")
            for (index, fieldIndex) in order.enumerated() {
                let field = fields[fieldIndex]
                if index > 0 { sink.writeLiteral(",\n") }
                sink.writeIndent(depth + 1)
                sink.writeString(field.key)
                sink.writeLiteral(" : ")
                sink.bytes.append(contentsOf: sink.scratch[(field.value.lowerBound - start)..<(field.value.upperBound - start)])
            }
            sink.writeLiteral("\n")
            sink.writeIndent(depth)
            sink.writeLiteral("}")
        }

        /// The fields' indices in key order, by the keys' bytes as `JSONEncoder` sorts them.
        private func keyOrder() throws -> [Int] {
            if depth < sink.orders.count, sink.orders[depth].keys.elementsEqual(fields.lazy.map(\.key)) {
                return sink.orders[depth].order
            }
            let order = fields.indices.sorted { fields[$0].key.utf8.lexicographicallyPrecedes(fields[$1].key.utf8) }
            for (earlier, later) in zip(order, order.dropFirst()) where fields[earlier].key == fields[later].key { throw Declined() }
            while sink.orders.count <= depth { sink.orders.append(([], [])) }
            sink.orders[depth] = (fields.map(\.key), order)
            return order
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeLiteral("null") } }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            try encoder.field(key) { encoder.sink.writeLiteral(value ? "true" : "false") }
        }
        mutating func encode(_ value: String, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeString(value) } }
        mutating func encode(_ value: Double, forKey key: Key) throws { throw Declined() }
        mutating func encode(_ value: Float, forKey key: Key) throws { throw Declined() }
        mutating func encode(_ value: Int, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try encoder.field(key) { encoder.sink.writeInteger(value) } }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try encoder.field(key) { try encoder.sink.write(value, depth: encoder.depth + 1) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.shape = .declined
            return ValueEncoder(sink: encoder.sink).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.shape = .declined
            return ValueEncoder(sink: encoder.sink).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            encoder.shape = .declined
            return ValueEncoder(sink: encoder.sink)
        }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
    }

    /// Where an array's element or a single value goes: what the two containers share.
    protocol Slot {
        var encoder: ValueEncoder { get }
        /// The depth a value put here is written at.
        var depth: Int { get }
        func put(_ write: () throws -> Void) throws
    }

    struct Unkeyed: UnkeyedEncodingContainer, Slot {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.elements }
        var depth: Int { encoder.depth + 1 }
        func put(_ write: () throws -> Void) throws { try encoder.element(write) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            encoder.shape = .declined
            return ValueEncoder(sink: encoder.sink).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            encoder.shape = .declined
            return ValueEncoder(sink: encoder.sink).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            encoder.shape = .declined
            return ValueEncoder(sink: encoder.sink)
        }
    }

    struct Single: SingleValueEncodingContainer, Slot {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }
        var depth: Int { encoder.depth }
        func put(_ write: () throws -> Void) throws { try encoder.single(write) }
    }
}

extension PrettyJSON.Slot {
    mutating func encodeNil() throws { try put { encoder.sink.writeLiteral("null") } }
    mutating func encode(_ value: Bool) throws { try put { encoder.sink.writeLiteral(value ? "true" : "false") } }
    mutating func encode(_ value: String) throws { try put { encoder.sink.writeString(value) } }
    mutating func encode(_ value: Double) throws { throw PrettyJSON.Declined() }
    mutating func encode(_ value: Float) throws { throw PrettyJSON.Declined() }
    mutating func encode(_ value: Int) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: Int8) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: Int16) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: Int32) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: Int64) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: UInt8) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: UInt16) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: UInt32) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode(_ value: UInt64) throws { try put { encoder.sink.writeInteger(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try put { try encoder.sink.write(value, depth: depth) }
    }
}

/// A string as JSON writes it: in quotes, with `"`, `\` and the control characters escaped as
/// `JSONEncoder` escapes them, and "/" left as it is. `PrettyJSON` writes its strings with it, and
/// the demo service its answers.
public enum JSONText {
    public static func append(_ string: String, to bytes: inout [UInt8]) {
        func append(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var plainFrom = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom..<index]))
                plainFrom = index + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x08: append("\\b")
                case 0x09: append("\\t")
                case 0x0A: append("\\n")
                case 0x0C: append("\\f")
                case 0x0D: append("\\r")
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    append("\\u00")
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

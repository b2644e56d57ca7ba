import Foundation
import Testing
@testable import TripCore

/// `PrettyJSON` must write what `JSONEncoder` with the command line's options writes, byte for
/// byte: `--json` is a contract. Each case is compared with `JSONEncoder` on this toolchain, and
/// the shapes the command line prints are checked to take the fast path rather than the fallback.
@Suite struct PrettyJSONTests {
    static func foundation<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Written on the fast path (no fallback), and the same as JSONEncoder's.
    static func expectFastAndSame<Value: Encodable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fast = String(decoding: try PrettyJSON.written(value), as: UTF8.self)
        let reference = try foundation(value)
        #expect(fast == reference, sourceLocation: sourceLocation)
        #expect(try PrettyJSON.encode(value) == fast, sourceLocation: sourceLocation)
    }

    /// Declined by the fast path, and still the same as JSONEncoder's through the fallback.
    static func expectDeclinedAndSame<Value: Encodable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(throws: PrettyJSON.Declined.self, sourceLocation: sourceLocation) { try PrettyJSON.written(value) }
        #expect(try PrettyJSON.encode(value) == (try foundation(value)), sourceLocation: sourceLocation)
    }

    /// Like the command line's `@Nullable`: nil is written as `null` with its key.
    @propertyWrapper struct Nullable<Value: Encodable>: Encodable {
        var wrappedValue: Value?
        init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
        }
    }

    /// The shape of a departure on the command line, fields declared out of key order.
    struct Row: Encodable {
        var id: String
        @Nullable var `operator`: String?
        @Nullable var available_seats: Int?
        var duration_minutes: Int
        var arrives_next_day: Bool
        var amenities: [String]
        var nested: [Inner]
        var maybe: Int?  // synthesized encodeIfPresent: left out when nil, as JSONEncoder does
    }

    struct Inner: Encodable {
        var b: UInt8
        var a: [Int64]
        var c: [[String]]
        var empty: Empty
    }

    struct Empty: Encodable {}

    @Test func rowsAsTheCommandLinePrintsThem() throws {
        let rows = (0..<40).map { (index: Int) -> Row in
            let inner = Inner(b: UInt8(index), a: [Int64.min, 0, Int64.max], c: [[], ["x"]], empty: Empty())
            let odd = index % 2 == 1
            return Row(id: "id-\(index)", operator: index % 3 == 0 ? nil : "Coach \"Line\" \(index)",
                       available_seats: odd ? index : nil, duration_minutes: -index, arrives_next_day: !odd,
                       amenities: index % 4 == 0 ? [] : ["wifi", "toilet", "a/c"],
                       nested: index % 5 == 0 ? [] : [inner], maybe: odd ? index : nil)
        }
        try Self.expectFastAndSame(rows)
        try Self.expectFastAndSame([Row]())
        try Self.expectFastAndSame(rows[0])
    }

    @Test func everyCharacterIsEscapedAsJSONEncoderEscapesIt() throws {
        let ascii = String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) })
        let others = ["", "é", "😀", "\u{2028}\u{2029}", "a/b\\c\"d", "\u{FEFF}", "e\u{301}", "日本語", "\u{7F}\u{80}\u{9F}"]
        try Self.expectFastAndSame([ascii] + others)
        try Self.expectFastAndSame(["key \"quoted\"\n": ascii, "/": "é", "\u{1}": ""])
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let scalars = (0..<Int.random(in: 0..<24, using: &generator)).compactMap { _ in
                Unicode.Scalar(Bool.random(using: &generator) ? UInt32.random(in: 0..<0x80, using: &generator)
                                                             : UInt32.random(in: 0x80..<0x11000, using: &generator))
            }
            let string = String(String.UnicodeScalarView(scalars))
            try Self.expectFastAndSame([string: [string]])
        }
    }

    @Test func integersAtTheirLimits() throws {
        try Self.expectFastAndSame([Int.min, -1, 0, Int.max])
        try Self.expectFastAndSame([UInt64.max])
        try Self.expectFastAndSame([Int8.min, Int8.max])
        try Self.expectFastAndSame(["a": Int32.min, "b": Int32.max])
        try Self.expectFastAndSame([Optional<Int>.none, 3])
        try Self.expectFastAndSame([true, false])
    }

    @Test func objectKeysAreSortedByTheirBytes() throws {
        try Self.expectFastAndSame(["b": 1, "B": 2, "a": 3, "é": 4, "e": 5, "aa": 6, "": 7, "_x": 8, "10": 9, "9": 10])
        try Self.expectFastAndSame([String: Int]())
        try Self.expectFastAndSame([[String: [String: Int]]()])
    }

    struct Fraction: Encodable { var id = "x"; var lat = 51.5; var price = Decimal(string: "12.50")! }
    struct WhenAndWhere: Encodable { var at = Date(timeIntervalSince1970: 1_000); var link = URL(string: "https://a.example/b?c=d")! }
    struct ByHand: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            var inner = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("inner"))
            try inner.encode(1, forKey: AnyKey("one"))
        }
    }
    struct Twice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(1, forKey: AnyKey("a"))
            try container.encode(2, forKey: AnyKey("a"))
        }
    }
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func whatItDoesNotWriteItselfIsJSONEncodersOwn() throws {
        try Self.expectDeclinedAndSame([Fraction()])
        try Self.expectDeclinedAndSame([1.5, 2])
        try Self.expectDeclinedAndSame([WhenAndWhere()])
        try Self.expectDeclinedAndSame([ByHand()])
        try Self.expectDeclinedAndSame([Twice()])
    }

    @Test func anErrorJSONEncoderThrowsIsStillThrown() {
        #expect(throws: EncodingError.self) { try PrettyJSON.encode([Double.nan]) }
    }
}

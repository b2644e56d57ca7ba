import Foundation

/// The one rule for reading optional details from a service: a detail that is missing, null or of
/// an unexpected type reads as nil and degrades only itself, never the item that holds it.
extension KeyedDecodingContainer {
    func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// A string detail; a number sent where text was expected is read as its digits.
    func lenientText(_ key: Key) -> String? {
        if let text = lenient(String.self, key) { return text }
        if let number = lenient(Int.self, key) { return String(number) }
        return nil
    }

    /// A number detail; digits sent as text are read as the number.
    func lenientInt(_ key: Key) -> Int? {
        if let number = lenient(Int.self, key) { return number }
        if let double = lenient(Double.self, key), double.isFinite, abs(double) < 1e15 { return Int(double) }
        return lenient(String.self, key).flatMap { Int($0) }
    }

    func lenientDouble(_ key: Key) -> Double? {
        lenient(Double.self, key) ?? lenient(String.self, key).flatMap { Double($0) }
    }
}

/// A coding key for any string: for objects whose keys are data, and for wire types that read
/// only the handful of fields they use.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

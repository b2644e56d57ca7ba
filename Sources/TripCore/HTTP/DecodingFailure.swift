/// Turns a `DecodingError` into the typed reason an `APIError.decoding` carries.
enum DecodingFailure {
    static func describe(_ error: any Error) -> DecodingProblem {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            .notJSON
        case DecodingError.dataCorrupted(let context):
            .unreadableValue(at: path(context.codingPath))
        case DecodingError.keyNotFound(let key, let context):
            .missingField(key.stringValue, at: path(context.codingPath))
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            .unexpectedValue(at: path(context.codingPath))
        default:
            .other(String(describing: error))
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> [String] {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }
}

/// A value that failed to decode becomes nil instead of failing its container, keeping why.
struct Lossy<Value: Decodable>: Decodable {
    var value: Value?
    /// Why it could not be read.
    var failure: DecodingProblem?

    init(from decoder: any Decoder) throws {
        do {
            value = try Value(from: decoder)
        } catch {
            failure = DecodingFailure.describe(error)
        }
    }
}

extension Collection {
    /// The items that could be read, how many could not, and why the first of those could not:
    /// the one rule every client follows to say what it left out.
    func readable<Value>() -> (values: [Value], skipped: Int, reason: DecodingProblem?) where Element == Lossy<Value> {
        let values = compactMap(\.value)
        return (values, count - values.count, lazy.compactMap(\.failure).first)
    }
}

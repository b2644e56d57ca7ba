/// Turns a `DecodingError` into the short reason an `APIError.decoding` carries.
enum DecodingFailure {
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
            "not valid JSON"
        case DecodingError.dataCorrupted(let context):
            "unreadable value at \(path(context.codingPath))"
        case DecodingError.keyNotFound(let key, let context):
            "no \(key.stringValue) in \(context.codingPath.isEmpty ? "the response" : path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "unexpected value at \(path(context.codingPath))"
        default:
            String(describing: error)
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: ".")
    }
}

/// A value that failed to decode becomes nil instead of failing its container.
struct Lossy<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

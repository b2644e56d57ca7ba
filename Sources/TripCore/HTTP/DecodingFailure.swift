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
        codingPath.isEmpty ? "the top level" : codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

/// A value that failed to decode becomes nil instead of failing its container, keeping why.
struct Lossy<Value: Decodable>: Decodable {
    var value: Value?
    /// Why it could not be read, as `DecodingFailure` words it.
    var failure: String?

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
    func readable<Value>() -> (values: [Value], skipped: Int, reason: String?) where Element == Lossy<Value> {
        let values = compactMap(\.value)
        return (values, count - values.count, lazy.compactMap(\.failure).first)
    }
}

/// What a client could not read of an answer: how many items, and why the first could not be.
public struct LeftOut: Sendable, Equatable {
    public var count: Int
    public var reason: String?

    public init(count: Int, reason: String?) {
        self.count = count
        self.reason = reason
    }

    /// "2 deals could not be read (the first: no Title in 4|7)"; nil when nothing was left out.
    /// - Parameter nouns: the item's name, singular and plural ("deal", "deals").
    public func sentence(_ nouns: (String, String)) -> String? {
        guard count > 0 else { return nil }
        return "\(count) \(count == 1 ? nouns.0 : nouns.1) could not be read" + (reason.map { " (the first: \($0))" } ?? "")
    }

    /// An answer of which nothing at all could be read is a failure, never an empty list.
    public func check(readable: Int, _ nouns: (String, String)) throws(APIError) {
        guard readable == 0, count > 0 else { return }
        throw .decoding("none of the \(count == 1 ? "1 \(nouns.0)" : "\(count) \(nouns.1)") the service sent could be read"
            + (reason.map { " (the first: \($0))" } ?? ""))
    }
}

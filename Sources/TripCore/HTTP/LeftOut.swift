/// What a client could not read of an answer: how many items, and why the first could not be.
public struct LeftOut: Sendable, Equatable {
    public var count: Int
    public var reason: DecodingProblem?

    public init(count: Int, reason: DecodingProblem?) {
        self.count = count
        self.reason = reason
    }

    /// An answer of which nothing at all could be read is a failure, never an empty list.
    public func check(readable: Int, _ item: ItemKind) throws(APIError) {
        guard readable == 0, count > 0 else { return }
        throw .decoding(.nothingReadable(count: count, of: item, first: reason))
    }
}

/// The disposable files Tripboard keeps (pictures, cached answers): how much room they take, and
/// emptying them.
public protocol CacheStore: Sendable {
    /// Bytes used now.
    func size() async -> Int64
    func clear() async throws(StoreError)
}

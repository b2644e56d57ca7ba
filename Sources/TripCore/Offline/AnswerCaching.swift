/// Where answers are kept between runs (TripLive keeps them in the cache folder).
///
/// Keeping is a convenience: a write that fails leaves the previous answer or none, and is not an
/// error the person needs to see, so `keep` does not throw.
public protocol AnswerCaching: Sendable {
    /// Keeps `answer` as the last good one of its request, replacing any before it.
    func keep(_ answer: CachedAnswer) async
    /// The last good answer kept for `key`.
    func kept(_ key: AnswerKey) async -> CacheLookup
}

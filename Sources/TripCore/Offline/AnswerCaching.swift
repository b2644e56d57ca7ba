import Foundation

/// Where answers are kept between runs (TripLive keeps them in the cache folder).
///
/// Keeping is a convenience: a write that fails leaves the previous answer or none, and is not an
/// error the person needs to see, so `keep` does not throw.
public protocol AnswerCaching: Sendable {
    /// Keeps `answer` as the last good one of its request, replacing any before it.
    func keep(_ answer: CachedAnswer) async
    /// The last good answer kept for `key`.
    func kept(_ key: AnswerKey) async -> CacheLookup
    /// The last good answer kept for `key`, its bodies handed to `each` one at a time, in order,
    /// and not held together: a search's pages are megabytes each (the default below holds them;
    /// a cache that can read a body at a time does so). Found, the answer comes with no bodies.
    /// Whether the bodies are whole is known only after the last: when `.damaged` or `.none`
    /// comes back, whatever `each` made of them is to be dropped.
    func kept(_ key: AnswerKey, body each: (Data) -> Void) async -> CacheLookup
    /// An answer to `key` kept as its bodies arrive (a departure search's pages), so that they
    /// need not all be held until the last: nothing replaces the kept answer until `finish`.
    func writer(for key: AnswerKey) -> any AnswerWriting
}

/// An answer being kept body by body. After `finish` or `abandon`, nothing more is done.
public protocol AnswerWriting: Sendable {
    /// The next body, as it was received.
    func add(_ body: Data) async
    /// The last body arrived at `received`: the answer replaces the one kept.
    func finish(received: Date) async
    /// The answer will not be whole (the search failed, gave up or was stopped): nothing is kept.
    func abandon() async
}

extension AnswerCaching {
    /// The answer found whole, then its bodies given one by one.
    public func kept(_ key: AnswerKey, body each: (Data) -> Void) async -> CacheLookup {
        let lookup = await kept(key)
        guard case .found(var answer) = lookup else { return lookup }
        answer.bodies.forEach(each)
        answer.bodies = []
        return .found(answer)
    }

    /// Holds the bodies until `finish`, then keeps them whole.
    public func writer(for key: AnswerKey) -> any AnswerWriting { HeldAnswer(cache: self, key: key) }
}

/// The bodies held in memory until the answer is whole.
private actor HeldAnswer: AnswerWriting {
    let cache: any AnswerCaching
    let key: AnswerKey
    private var bodies: [Data]? = []

    init(cache: any AnswerCaching, key: AnswerKey) {
        self.cache = cache
        self.key = key
    }

    func add(_ body: Data) { bodies?.append(body) }

    func finish(received: Date) async {
        guard let bodies else { return }
        self.bodies = nil
        await cache.keep(CachedAnswer(key: key, received: received, bodies: bodies))
    }

    func abandon() { bodies = nil }
}

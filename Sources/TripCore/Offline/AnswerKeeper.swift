import Foundation

/// How a client keeps its last good answers and falls back on them: the cache, the app's clock,
/// whether kept answers may be shown at all (`--fresh` says no), and where a damaged one is said.
/// One per run, shared by every service's client.
public struct AnswerKeeper: Sendable {
    public var cache: any AnswerCaching
    public var now: @Sendable () -> Date
    /// False under `--fresh`: kept answers are neither shown nor offered in place of a failure
    /// (fresh ones are still kept).
    public var offersKept: Bool
    /// Says that a kept answer could not be read (and was moved aside).
    public var report: @Sendable (CacheDamage) -> Void

    public init(cache: any AnswerCaching, now: @escaping @Sendable () -> Date = Date.init, offersKept: Bool = true,
                report: @escaping @Sendable (CacheDamage) -> Void = { _ in }) {
        self.cache = cache
        self.now = now
        self.offersKept = offersKept
        self.report = report
    }

    /// Keeps `bodies` as the answer to `key`, received at `received` (now when not given);
    /// returns when it was received.
    @discardableResult
    public func keep(_ key: AnswerKey, bodies: [Data], received: Date? = nil) async -> Date {
        let received = received ?? now()
        await cache.keep(CachedAnswer(key: key, received: received, bodies: bodies))
        return received
    }

    /// An answer to `key` kept as its bodies arrive; `finish` keeps it.
    public func writer(for key: AnswerKey) -> any AnswerWriting {
        cache.writer(for: key)
    }

    /// The answer kept for `key`, when kept answers are offered; a damaged one is said and is none.
    public func kept(_ key: AnswerKey) async -> CachedAnswer? {
        guard offersKept else { return nil }
        return found(await cache.kept(key))
    }

    /// When the answer kept for `key` was received, its bodies handed to `each` one at a time and
    /// not held (`AnswerCaching.kept(_:body:)`); nil when none is offered or whole, and then
    /// whatever `each` made of them is to be dropped.
    public func kept(_ key: AnswerKey, body each: (Data) -> Void) async -> Date? {
        guard offersKept else { return nil }
        return found(await cache.kept(key, body: each))?.received
    }

    /// The answer a lookup found; a damaged one is said and is none.
    private func found(_ lookup: CacheLookup) -> CachedAnswer? {
        switch lookup {
        case .none: return nil
        case .found(let answer): return answer
        case .damaged(let damage):
            report(damage)
            return nil
        }
    }

    /// Asks with `live`, keeping what it brings; when it fails for a network's reason, the answer
    /// kept for `key` read with `read`, marked with its age and the failure. Any other failure, or
    /// one with nothing kept (or nothing readable), is thrown as it came.
    public func answer<Value>(_ key: AnswerKey, live: () async throws(APIError) -> (result: Value, body: Data),
                              read: (Data) throws(APIError) -> Value) async throws(APIError) -> (Value, Provenance) {
        do {
            let (value, body) = try await live()
            return (value, .live(received: await keep(key, bodies: [body])))
        } catch {
            guard Fallback.allows(error), let kept = await kept(key), kept.bodies.count == 1,
                  let value = try? read(kept.bodies[0])
            else { throw error }
            return (value, .kept(received: kept.received, because: error))
        }
    }

    /// The answer kept for `key`, read with `read`, to show before asking; nil when none can be.
    public func shownFirst<Value>(_ key: AnswerKey, read: (Data) throws(APIError) -> Value) async -> (Value, Provenance)? {
        guard let kept = await kept(key), kept.bodies.count == 1, let value = try? read(kept.bodies[0]) else { return nil }
        return (value, .kept(received: kept.received, because: nil))
    }
}

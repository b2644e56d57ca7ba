/// What looking for a kept answer found.
public enum CacheLookup: Sendable, Equatable {
    /// Nothing is kept for this request.
    case none
    case found(CachedAnswer)
    /// What was kept for this request could not be read, for `reason`; it is no longer in the way.
    case damaged(CacheDamage)

    /// The answer, when one was found.
    public var answer: CachedAnswer? {
        if case .found(let answer) = self { return answer }
        return nil
    }
}

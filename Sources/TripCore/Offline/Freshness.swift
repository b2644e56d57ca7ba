import Foundation

/// How a kept answer may be used now.
public enum Freshness: Sendable, Equatable {
    /// Younger than the service said its answer holds: shown at once, as if just received (and
    /// asked again in the background).
    case fresh
    /// Older: shown only when asking again fails for a network's reason (`Fallback`), with its age.
    case fallbackOnly

    /// A departure search received at `received`, whose answer said it holds for `ttl` seconds
    /// (Busbud's `ttl`, 900 in its answers), at `now`. No ttl, or a clock reading earlier than
    /// `received` (set back), means the age is not known to be within it: fallback only.
    public static func of(received: Date, ttl: Int?, now: Date) -> Freshness {
        guard let ttl, ttl > 0 else { return .fallbackOnly }
        let age = now.timeIntervalSince(received)
        return age >= 0 && age < TimeInterval(ttl) ? .fresh : .fallbackOnly
    }
}

/// Why a kept answer could not be used. TripWords says it.
public enum CacheDamage: Sendable, Equatable {
    /// The file is not a kept answer this version can read (cut short, altered, or another format);
    /// it was moved aside as `file` (its name in `folder`, a path).
    case movedAside(file: String, folder: String)
    /// The file could not be read nor moved aside; the system's words for why.
    case unreadable(file: String, why: String)
}

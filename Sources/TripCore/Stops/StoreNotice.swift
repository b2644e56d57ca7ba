/// What the person must be told about how the saved favourites, settings or credentials were
/// found when opened. TripWords says it.
public enum StoreNotice: Sendable, Equatable {
    /// The database could not be read, for `why`, and was moved aside as `file` (its name in the
    /// data folder); everything is back to its default.
    case movedAside(UnreadableFile, file: String)
    /// Changes last only until the window quits, for `reason`.
    case keptInMemory(InMemoryReason)
    /// The credentials file at `path` could be read by others; it has been made private.
    case credentialsMadePrivate(path: String)
    /// The credentials file at `path` can be read by others and could not be made private, for
    /// `why` (the system's words).
    case credentialsNotPrivate(path: String, why: String)
    /// The credentials file could not be read; moved to `movedTo` (a path) when that worked.
    case credentialsUnreadable(movedTo: String?)
    /// The saved settings could not be read.
    case settingsUnread(StoreError)
}

/// Why the store is kept in memory rather than in its file.
public enum InMemoryReason: Sendable, Equatable {
    /// The file could not be read, for `why`, nor moved aside, for `moving`.
    case unreadableNotMoved(UnreadableFile, moving: StoreFailure)
    /// The file was written by a newer version, whose file this one leaves untouched.
    case newerVersion
    /// `folder` (a path) cannot be written, for `why`.
    case folderNotWritable(folder: String, why: StoreFailure)
}

/// Why a database file could not be read.
public enum UnreadableFile: Sendable, Equatable {
    case notADatabase
    case damaged
}

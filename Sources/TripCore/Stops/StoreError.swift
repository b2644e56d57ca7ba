/// Why favourites, settings or credentials could not be read or saved: what was being done, and
/// why it failed. TripWords says it.
public enum StoreError: Error, Sendable, Equatable {
    /// `task` failed, for `failure`.
    case failed(StoreTask, StoreFailure)
    /// A write refused by a store that keeps nothing (a command's, which ends at once, when the
    /// file cannot be written), for `reason`.
    case refused(InMemoryReason)
    /// Emptying the cache in `folder` left `count` items, `first` among them (a file's name).
    case cacheNotCleared(folder: String, count: Int, first: String)
}

/// What was being done with the store when it failed.
public enum StoreTask: Sendable, Equatable {
    case open
    case readFavourites
    case saveFavourites
    case readAlerts
    case saveAlert
    case readSettings
    case saveSetting
    /// Saving the window's size and tab as it closes.
    case saveWindowState
    /// Saving the credentials file in `folder` (a path); nil when it failed before the file was reached.
    case saveCredentials(folder: String?)
}

/// Why reading or writing the store failed.
public enum StoreFailure: Sendable, Equatable {
    case diskFull
    /// The file or its folder cannot be written.
    case readOnly
    /// Another process kept the database busy past every wait; trying again may work.
    case busy
    /// The values could not be serialised to be written.
    case unserialisable
    /// The store keeps nothing, for `reason`.
    indirect case refused(InMemoryReason)
    /// SQLite's result code, and its message when it gave one.
    case database(code: Int32, message: String?)
    /// The system's own words (`strerror`, Foundation's description).
    case system(String)
}

/// Where settings are kept across launches: plain ones in the database, credentials apart and
/// readable by their owner only. (They are read once, at start, before any page is built.)
public protocol SettingsStore: Sendable {
    /// Saves `value` for `key`, or forgets it (back to the default) when nil; when this returns,
    /// the change is on disk.
    func saveSetting(_ key: SettingKey, _ value: String?) async throws(StoreError)
}

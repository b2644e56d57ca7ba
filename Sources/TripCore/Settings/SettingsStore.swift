/// Where settings are kept across launches: plain ones in the database, credentials apart and
/// readable by their owner only.
public protocol SettingsStore: Sendable {
    /// The saved settings, and what the person must be told about how they were read (a
    /// credentials file others could read, now made private), if anything.
    func loadSettings() async -> (saved: [SettingKey: String], notice: String?)
    /// Saves `value` for `key`, or forgets it (back to the default) when nil; when this returns,
    /// the change is on disk.
    func saveSetting(_ key: SettingKey, _ value: String?) async throws(StoreError)
}

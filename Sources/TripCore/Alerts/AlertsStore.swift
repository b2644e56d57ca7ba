/// Where alerts are kept across launches. Each alert is written or removed on its own, so two
/// processes saving different alerts never undo each other's.
public protocol AlertsStore: Sendable {
    /// Every kept alert, oldest first.
    func loadAlerts() async throws(StoreError) -> [Alert]
    /// Keeps `alert` (a new one, or a change to one kept, by its id), committed when this returns.
    func saveAlert(_ alert: Alert) async throws(StoreError)
    /// Forgets the alert `id`; nothing happens when none is kept.
    func deleteAlert(_ id: Alert.ID) async throws(StoreError)
}

/// Work that must run one piece at a time, in the order it was asked for (saves to a store):
/// each piece starts only once every piece enqueued before it has finished.
///
/// ```swift
/// private let saves = SerialQueue()
///
/// let saved = saves.enqueue { [weak self] () -> Bool in
///     await self?.save(next) ?? false     // runs after the saves before it
/// }
/// let done = await saved.value
/// ```
///
/// Pieces are never dropped or cancelled by later ones; a piece that fails simply ends, and the
/// next one runs.
@MainActor
public final class SerialQueue {
    /// Waits for the last piece enqueued so far.
    private var tail: (@Sendable () async -> Void)?

    public init() {}

    /// Runs `work` on the main actor once the pieces enqueued before it have finished; its task
    /// gives `work`'s result to whoever awaits it.
    @discardableResult
    public func enqueue<Value: Sendable>(_ work: @escaping @MainActor () async -> Value) -> Task<Value, Never> {
        let previous = tail
        let task = Task {
            await previous?()
            return await work()
        }
        tail = { _ = await task.value }
        return task
    }

    /// Waits until every piece enqueued so far has finished (for tests and for quitting).
    public func wait() async {
        await tail?()
    }
}

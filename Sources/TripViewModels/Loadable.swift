/// Where one piece of content stands, and what of it stays on screen meanwhile: idle, loading,
/// loaded or failed. View models keep one; pages render it and keep no flags of their own.
///
/// "Still shown" is part of the state, not a flag beside it: a refresh is `.loading(shown: rows)`
/// (the old rows stay until the new ones arrive), a refresh that failed is
/// `.failed(error, shown: rows)` (the rows stay, with the failure as a notice), and a first load
/// that failed is `.failed(error, shown: nil)` (the failure fills the page, with Retry).
public enum Loadable<Value> {
    /// Nothing asked for yet.
    case idle
    /// Asking. `shown` stays on screen until the answer: what an earlier answer brought, or what
    /// has arrived so far; nil when there is nothing to show yet.
    case loading(shown: Value?)
    case loaded(Value)
    /// The last ask failed. `shown` stays on screen beside the failure; nil when there is nothing.
    case failed(UserFacingError, shown: Value?)
}

extension Loadable: Sendable where Value: Sendable {}
extension Loadable: Equatable where Value: Equatable {}

extension Loadable {
    /// The content on screen, whatever the phase: loaded, or kept while loading or after a failure.
    public var value: Value? {
        switch self {
        case .idle: nil
        case .loading(let shown), .failed(_, let shown): shown
        case .loaded(let value): value
        }
    }

    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// Why the last ask failed, when it did.
    public var failure: UserFacingError? {
        if case .failed(let failure, _) = self { failure } else { nil }
    }

    /// Asking again: whatever is on screen stays while the answer comes.
    public var reloading: Loadable {
        .loading(shown: value)
    }

    /// The same phase, with the content on screen changed by `transform` (re-sorted, re-formatted).
    public func map<Other>(_ transform: (Value) -> Other) -> Loadable<Other> {
        switch self {
        case .idle: .idle
        case .loading(let shown): .loading(shown: shown.map(transform))
        case .loaded(let value): .loaded(transform(value))
        case .failed(let failure, let shown): .failed(failure, shown: shown.map(transform))
        }
    }
}

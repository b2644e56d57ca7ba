/// What a screen shows for one piece of content. Pages render it; they keep no flags of their own.
public enum LoadState<Value> {
    /// Nothing asked for yet.
    case idle
    case loading
    case loaded(Value)
    case failed(UserFacingError)
}

extension LoadState: Sendable where Value: Sendable {}
extension LoadState: Equatable where Value: Equatable {}

extension LoadState {
    /// The content, when there is some.
    public var value: Value? {
        if case .loaded(let value) = self { value } else { nil }
    }
}

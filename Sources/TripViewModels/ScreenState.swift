/// What a screen's main area shows: the one vocabulary every page renders through its status view.
public enum ScreenState: Equatable, Sendable {
    /// Waiting for the first content.
    case loading
    case content
    /// Nothing to show, and why.
    case empty(title: String, message: String)
    /// Loading failed with nothing on screen: the page offers Retry.
    case failed(UserFacingError)
}

extension ScreenState {
    public var isFailure: Bool {
        if case .failed = self { true } else { false }
    }
}

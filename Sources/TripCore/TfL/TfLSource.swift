import Foundation

/// Where London bus data comes from: the built-in demo, or TfL at a base URL.
public enum TfLSource: Sendable, Equatable {
    case demo
    case live(baseURL: URL, appKey: String?)
}

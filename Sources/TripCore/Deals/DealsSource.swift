import Foundation

/// Where deals come from: the built-in demo, or a live endpoint the user or the environment names.
public enum DealsSource: Sendable, Equatable {
    case demo
    case live(endpoint: URL, imageTemplate: ImageURLTemplate?)
}

import Foundation

/// A picture address with `{type}`, `{id}`, `{width}` and `{height}` placeholders,
/// e.g. `https://images.example/destination?type={type}&id={id}&w={width}&h={height}`.
public struct ImageURLTemplate: Sendable, Equatable {
    public var template: String

    public init(_ template: String) {
        self.template = template
    }

    /// The address of one destination's picture at a size in pixels; nil if the result is not a URL.
    public func url(for key: DealKey, width: Int, height: Int) -> URL? {
        let text = template
            .replacingOccurrences(of: "{type}", with: String(key.type))
            .replacingOccurrences(of: "{id}", with: String(key.id))
            .replacingOccurrences(of: "{width}", with: String(width))
            .replacingOccurrences(of: "{height}", with: String(height))
        return URL(string: text)
    }
}

import Foundation

/// A picture address with `{type}`, `{id}`, `{width}` and `{height}` placeholders,
/// e.g. `https://images.example/destination?type={type}&id={id}&w={width}&h={height}`.
public struct ImageURLTemplate: Sendable, Equatable {
    public var template: String

    public init(_ template: String) {
        self.template = template
    }

    /// The address of one destination's picture at a size in pixels; nil if the result is not a URL.
    ///
    /// One pass over the template's bytes: Foundation's `replacingOccurrences` went through
    /// NSString four times an address, 9.7 M instructions for a Deals launch's 42 addresses.
    /// Anything else in braces is kept as it is, and a filled value is never read again.
    public func url(for key: DealKey, width: Int, height: Int) -> URL? {
        let bytes = Array(template.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), let (value, length) = placeholder(at: index, in: bytes, key, width, height) {
                text.append(contentsOf: value.utf8)
                index += length
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        return URL(string: String(decoding: text, as: UTF8.self))
    }

    /// The value of the placeholder starting at `index`, and the placeholder's length; nil when
    /// none starts there.
    private func placeholder(at index: Int, in bytes: [UInt8], _ key: DealKey, _ width: Int,
                             _ height: Int) -> (String, Int)? {
        for (name, value) in [("{type}", key.type), ("{id}", key.id), ("{width}", width), ("{height}", height)] {
            let name = name.utf8
            if bytes[index...].starts(with: name) { return (String(value), name.count) }
        }
        return nil
    }
}

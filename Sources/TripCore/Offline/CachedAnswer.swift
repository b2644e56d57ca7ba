import Foundation

/// The last good answer of one request, as it was received: the body bytes of each response it
/// took (one for deals and arrivals; a departure search's first answer then each poll), and when
/// the last of them arrived.
public struct CachedAnswer: Sendable, Equatable {
    public var key: AnswerKey
    /// When the answer arrived, on the app's clock (`--now` / `TRIPBOARD_NOW` included).
    public var received: Date
    /// The response bodies in the order they arrived, unchanged.
    public var bodies: [Data]

    public init(key: AnswerKey, received: Date, bodies: [Data]) {
        self.key = key
        self.received = received
        self.bodies = bodies
    }
}

import Foundation

/// An answer shown from the cache: what it says, decoded, and when it arrived. The view models and
/// the command line show it with its age (TripWords: "Offline — showing deals from 14:05 (12 min
/// ago)"), never as fresh.
public struct Kept<Answer: Sendable>: Sendable {
    public var answer: Answer
    public var kind: AnswerKind
    /// When the answer arrived.
    public var received: Date

    public init(_ answer: Answer, kind: AnswerKind, received: Date) {
        self.answer = answer
        self.kind = kind
        self.received = received
    }

    /// Whole seconds from `received` to `now`; 0 when the clock reads earlier than `received` (it
    /// was set back), so an age is never negative.
    public func age(at now: Date) -> Int {
        max(0, Int(now.timeIntervalSince(received).rounded(.down)))
    }
}

extension Kept: Equatable where Answer: Equatable {}

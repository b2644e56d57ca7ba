import Foundation
import TripCore
import TripWords

/// What a page says above content that stays on screen: a refresh that failed, or an answer kept
/// from earlier (offline, or shown while the fresh one loads). Pages show it with Retry.
public struct ContentNotice: Sendable, Equatable {
    public var sentence: String
    /// The technical part behind "Details".
    public var details: String?

    public init(sentence: String, details: String? = nil) {
        self.sentence = sentence
        self.details = details
    }

    /// A refresh failed over what is on screen.
    public init(refreshFailed failure: UserFacingError) {
        // TRANSLATORS: a refresh failed over what is on screen: %1$@ is the failure's title, %2$@ its sentence.
        self.init(sentence: tr("%1$@. Showing what was loaded earlier. %2$@").filled(failure.title, failure.message),
                  details: failure.details)
    }

    /// An answer of `kind` from the cache, as it stands at `now`; nil for a live one. Details say
    /// why asking failed, in `service`'s name.
    public init?(_ provenance: Provenance?, kind: AnswerKind, service: String, now: Date, clock: ClockFormat?) {
        guard let provenance, let sentence = provenance.notice(kind, now: now, format: clock) else { return nil }
        var details: String?
        if case .kept(_, let because?) = provenance { details = UserFacingError(because, service: service).details }
        self.init(sentence: sentence, details: details)
    }
}

import TripCore

extension ISO8601Instant.Refusal {
    /// What is wrong with `text`, in the words both `--now` and `TRIPBOARD_NOW` say it with, e.g.
    /// "“2026-11-22T09:00:00” has no zone: …".
    public func sentence(_ text: String) -> String {
        switch self {
        case .notAMoment:
            // TRANSLATORS: %1$@ is what was typed.
            tr("“%1$@” is not an ISO 8601 date and time such as 2026-11-22T09:00:00Z").filled(text)
        case .noZone:
            // TRANSLATORS: %1$@ is what was typed; Z and +01:00 are typed as they are.
            tr("“%1$@” has no zone: add Z for UTC or an offset such as +01:00, as in 2026-11-22T09:00:00Z").filled(text)
        }
    }
}

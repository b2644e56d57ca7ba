import TripCore

extension ProbeOutcome {
    /// What "Test connection" says of `provider`: "Connected: TfL found 5 stops near Oxford Circus."
    public func sentence(_ provider: any ServiceProvider) -> String {
        let who = answerer ?? provider.serviceName
        switch finding {
        case .deviceToken:
            // TRANSLATORS: %1$@ is who answered: "TramTracker", or "the Melbourne tram service".
            return tr("Connected: %1$@ gave Tripboard a device token.").filled(who)
        case .items(let count, let item) where firstPageOnly:
            // TRANSLATORS: %1$@ is who answered, %2$@ what it listed: "3 departures".
            return tr("Connected: %1$@ answered (%2$@ on its first page).").filled(who, item.counted(count))
        case .items(let count, let item):
            switch (answerer, near) {
            // TRANSLATORS: %1$@ is who answered ("the deals service"), %2$@ what it sent: "12 deals".
            case (nil, nil): return tr("Connected: %1$@ sent %2$@.").filled(who, item.counted(count))
            // TRANSLATORS: %1$@ is who answered, %2$@ what it sent, %3$@ a place's name.
            case (nil, let place?): return tr("Connected: %1$@ sent %2$@ near %3$@.").filled(who, item.counted(count), place)
            // TRANSLATORS: %1$@ is who answered ("TfL"), %2$@ what it found: "5 stops".
            case (_, nil): return tr("Connected: %1$@ found %2$@.").filled(who, item.counted(count))
            // TRANSLATORS: %1$@ is who answered ("TfL"), %2$@ what it found ("5 stops"), %3$@ a place's name.
            case (_, let place?): return tr("Connected: %1$@ found %2$@ near %3$@.").filled(who, item.counted(count), place)
            }
        }
    }
}

import TripCore

extension SettingProblem {
    /// What is said beside the field: "Choose 0 to 20 travellers."
    public var sentence: String { reason.sentence(for: key) }
}

extension SettingProblem.Reason {
    /// The sentence for this reason about `key`'s value.
    public func sentence(for key: SettingKey) -> String {
        switch self {
        // TRANSLATORS: %1$@ lists the values a setting takes, as typed: "demo or live".
        case .notOneOf(let values): tr("Choose %1$@.").filled(Self.either(values))
        case .notAWebAddress(let value): tr("“%1$@” is not an http or https address.").filled(value)
        // TRANSLATORS: {id} is typed in the address as it is.
        case .pictureWithoutID: tr("The picture address needs {id} where the destination goes.")
        // TRANSLATORS: {x}, {y} and {z} are typed in the address as they are.
        case .tileWithoutPlaces: tr("The tile address needs {x}, {y} and {z} where each tile's place goes.")
        case .credentialWithSpaces: tr("A key has no spaces in it.")
        // TRANSLATORS: %1$@ lists the known cities' names: "Montréal, New York, Toronto".
        case .unknownCity(let choices): tr("Choose one of %1$@.").filled(choices.joined(separator: tr(", ")))
        case .outOfRange(let range): Self.outOfRange(range, key)
        case .neededWhenLive(let service, let missing): Self.needed(missing, service)
        case .search(let problem): problem.sentence
        }
    }

    /// "a, b or c": values a person types, as they are.
    private static func either(_ values: [String]) -> String {
        guard let last = values.last else { return "" }
        guard values.count > 1 else { return last }
        // TRANSLATORS: the end of a list of choices: "demo or live", "USD, CAD or EUR".
        return tr("%1$@ or %2$@").filled(values.dropLast().joined(separator: tr(", ")), last)
    }

    private static func outOfRange(_ range: ClosedRange<Int>, _ key: SettingKey) -> String {
        let (low, high) = (range.lowerBound, range.upperBound)
        switch key {
        case .refreshSeconds:
            // TRANSLATORS: %1$ld and %2$ld are seconds, %3$@ and %4$@ the same as durations: "Refresh every 10 to 600 seconds (10 s to 10 min)."
            return tr("Refresh every %1$ld to %2$ld seconds (%3$@ to %4$@).").filled(low, high, seconds(low), seconds(high))
        case .timeLimitSeconds: return tr("Wait %1$ld to %2$ld seconds for an answer.").filled(low, high)
        case .searchAdults, .searchChildren, .searchSeniors: return tr("Choose %1$ld to %2$ld travellers.").filled(low, high)
        default: return tr("Choose a whole number from %1$ld to %2$ld.").filled(low, high)
        }
    }

    /// "10 s", "10 min".
    private static func seconds(_ count: Int) -> String {
        // TRANSLATORS: a duration in seconds: "10 s".
        count < 60 || count % 60 != 0 ? tr("%1$ld s").filled(count) : tr("%1$ld min").filled(count / 60)
    }

    /// What a live service lacks, said for the settings Tripboard knows, else from the service's
    /// title and the setting's caption: "Live Wellington buses need a Metlink API key."
    private static func needed(_ key: SettingKey, _ service: String) -> String {
        switch key {
        case .busbudToken: tr("Live coach search needs a Busbud token.")
        case .dealsURL: tr("Live deals need the address of the deals service.")
        case .dealsImageURL: tr("Live deals need the picture address template.")
        // TRANSLATORS: %1$@ is a service's title ("Wellington buses"), %2$@ a setting's caption ("Metlink API key").
        default: tr("Live %1$@ need a %2$@.").filled(translated(service), translated(key.caption))
        }
    }
}

extension DepartureQuery.Problem {
    /// "Choose two different cities."
    public var sentence: String {
        switch self {
        case .sameCity: tr("Choose two different cities.")
        case .missingCity: tr("Choose where from and where to.")
        case .negativeTravellers: tr("Traveller counts cannot be negative.")
        case .tooManyTravellers(let most): tr("Book groups of more than %1$ld travellers with the operator.").filled(most)
        // TRANSLATORS: a search form's problem.
        case .noTraveller: tr("Add at least one traveller.")
        case .noCurrency: tr("Choose a currency.")
        // TRANSLATORS: %1$@ is the day chosen, %2$@ today and %3$@ the last day sold, all as "2026-11-22".
        case .inThePast(let date, let today, let until): tr("%1$@ is in the past: choose a day from today (%2$@) to %3$@.")
            .filled(date.description, today.description, until.description)
        // TRANSLATORS: %1$@ is the day chosen and %3$@ the last day sold ("2026-11-22"); %2$ld is a number of days.
        case .tooFarAhead(let date, let daysSold, let until):
            tr("%1$@ is too far ahead: coaches are sold up to %2$ld days ahead, until %3$@.").filled(date.description, daysSold, until.description)
        }
    }
}

import TripCore

extension SettingProblem {
    /// What is said beside the field: "Choose 0 to 20 travellers."
    public var sentence: String { reason.sentence(for: key) }
}

extension SettingProblem.Reason {
    /// The sentence for this reason about `key`'s value.
    public func sentence(for key: SettingKey) -> String {
        switch self {
        case .notOneOf(let values):
            "Choose " + values.dropLast().joined(separator: ", ") + (values.count > 1 ? " or " : "") + (values.last ?? "") + "."
        case .notAWebAddress(let value): "“\(value)” is not an http or https address."
        case .pictureWithoutID: "The picture address needs {id} where the destination goes."
        case .tileWithoutPlaces: "The tile address needs {x}, {y} and {z} where each tile's place goes."
        case .credentialWithSpaces: "A key has no spaces in it."
        case .unknownCity(let choices): "Choose one of " + choices.joined(separator: ", ") + "."
        case .outOfRange(let range): Self.outOfRange(range, key)
        case .neededWhenLive(let service, let missing): Self.needed(missing, service)
        case .search(let problem): problem.sentence
        }
    }

    private static func outOfRange(_ range: ClosedRange<Int>, _ key: SettingKey) -> String {
        let (low, high) = (range.lowerBound, range.upperBound)
        switch key {
        case .refreshSeconds: return "Refresh every \(low) to \(high) seconds (\(seconds(low)) to \(seconds(high)))."
        case .timeLimitSeconds: return "Wait \(low) to \(high) seconds for an answer."
        case .searchAdults, .searchChildren, .searchSeniors: return "Choose \(low) to \(high) travellers."
        default: return "Choose a whole number from \(low) to \(high)."
        }
    }

    /// "10 s", "10 min".
    private static func seconds(_ count: Int) -> String {
        count < 60 || count % 60 != 0 ? "\(count) s" : "\(count / 60) min"
    }

    /// What a live service lacks, said for the settings Tripboard knows, else from the service's
    /// title and the setting's caption: "Live Wellington buses need a Metlink API key."
    private static func needed(_ key: SettingKey, _ service: String) -> String {
        switch key {
        case .busbudToken: "Live coach search needs a Busbud token."
        case .dealsURL: "Live deals need the address of the deals service."
        case .dealsImageURL: "Live deals need the picture address template."
        default: "Live \(service) need a \(key.caption)."
        }
    }
}

extension DepartureQuery.Problem {
    /// "Choose two different cities."
    public var sentence: String {
        switch self {
        case .sameCity: "Choose two different cities."
        case .missingCity: "Choose where from and where to."
        case .negativeTravellers: "Traveller counts cannot be negative."
        case .tooManyTravellers(let most): "Book groups of more than \(most) travellers with the operator."
        case .noTraveller: "Add at least one traveller."
        case .noCurrency: "Choose a currency."
        case .inThePast(let date, let today, let until): "\(date) is in the past: choose a day from today (\(today)) to \(until)."
        case .tooFarAhead(let date, let daysSold, let until):
            "\(date) is too far ahead: coaches are sold up to \(daysSold) days ahead, until \(until)."
        }
    }
}

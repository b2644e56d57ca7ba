import TripCore

extension LocateFailure {
    /// What the map says when "Locate me" found no position, e.g. "Your location is not available:
    /// no location service is running."
    public var sentence: String {
        switch self {
        case .unavailable:
            "Your location is not available: no location service is running."
        case .refused(let reason?):
            "Location was refused: \(reason.trimmedSentence)."
        case .refused(nil):
            "Location was refused by the location service."
        case .timedOut(let seconds):
            "No position came within \(Plural.counted(seconds, "second", "seconds"))."
        case .broken(let detail):
            "Your location is not available: the location service answered oddly (\(detail.trimmedSentence))."
        case .cancelled:
            "Locating was stopped."
        }
    }
}

private extension String {
    /// Without surrounding spaces or a final full stop, to sit inside a sentence of ours.
    var trimmedSentence: String {
        var text = Substring(self).drop { $0.isWhitespace }
        while let last = text.last, last.isWhitespace || last == "." { text = text.dropLast() }
        return String(text)
    }
}

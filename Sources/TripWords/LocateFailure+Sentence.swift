import TripCore

extension LocateFailure {
    /// What the map says when "Locate me" found no position, e.g. "Your location is not available:
    /// no location service is running."
    public var sentence: String {
        switch self {
        case .unavailable:
            tr("Your location is not available: no location service is running.")
        case .refused(let reason?):
            // TRANSLATORS: %1$@ is the location service's own reason, in its words.
            tr("Location was refused: %1$@.").filled(reason.trimmedSentence)
        case .refused(nil):
            tr("Location was refused by the location service.")
        case .timedOut(let seconds):
            Plural.counted(seconds, "No position came within %ld second.", "No position came within %ld seconds.")
        case .broken(let detail):
            // TRANSLATORS: %1$@ is the technical detail of what the location service answered.
            tr("Your location is not available: the location service answered oddly (%1$@).").filled(detail.trimmedSentence)
        case .cancelled:
            tr("Locating was stopped.")
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

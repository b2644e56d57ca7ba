import TripCore

extension SearchSnapshot {
    /// What was left out and why, in one line: "2 departures could not be read (the first: no prices
    /// in departures.3)", "3 coaches with too few seats left for 20 travellers were left out", or
    /// both joined by "; "; nil when nothing was left out.
    public var leftOutSentence: String? { leftOut(reasons: true) }

    /// `leftOutSentence`, without the reason the first unreadable departure gave when `reasons` is false.
    public func leftOut(reasons: Bool) -> String? {
        var parts: [String] = []
        if let unread = LeftOut(count: skipped, reason: skipReason).sentence(.departure, reasons: reasons) { parts.append(unread) }
        if tooFewSeats > 0 {
            // One traveller wants one seat: "too few seats left" is then "no seats left" (meaning, not grammar).
            let sentence = travellers == 1
                ? trn("%1$ld coach with no seats left was left out", "%1$ld coaches with no seats left were left out", tooFewSeats)
                    .filled(tooFewSeats)
                // TRANSLATORS: %1$ld coaches were left out, each with fewer than %2$ld seats left.
                : trn("%1$ld coach with too few seats left for %2$ld travellers was left out",
                      "%1$ld coaches with too few seats left for %2$ld travellers were left out", tooFewSeats).filled(tooFewSeats, travellers)
            parts.append(sentence)
        }
        // TRANSLATORS: between what could not be read and the coaches left out for want of seats.
        return parts.isEmpty ? nil : parts.joined(separator: tr("; "))
    }
}

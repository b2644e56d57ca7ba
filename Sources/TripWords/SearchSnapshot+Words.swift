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
            let coaches = Plural.counted(tooFewSeats, "%ld coach", "%ld coaches")
            let seats = Plural.form(travellers, one: "no seats left", other: "too few seats left for \(travellers) travellers")
            parts.append("\(coaches) with \(seats) " + Plural.form(tooFewSeats, one: "was", other: "were") + " left out")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

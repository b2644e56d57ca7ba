import TripCore

extension TransitStop {
    /// "Oxford Circus Station (Stop OC)"; a tram stop with its number: "Highett St & Church St (4055)".
    public var title: String {
        if provider.namesStopsByNumber { return "\(name) (\(stopID))" }
        guard let letter, !letter.isEmpty else { return name }
        return "\(name) (Stop \(letter))"
    }

    /// How a screen reader says the stop: "Oxford Circus Station, stop OE"; "Highett St & Church St, stop 4055".
    public var spokenName: String {
        if provider.namesStopsByNumber { return "\(name), stop \(stopID)" }
        return name + (letter.map { ", stop \($0)" } ?? "")
    }
}

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

    /// What a map pin shows: the letter on the stop's flag ("OC"), or a tram stop's number ("4055");
    /// empty when the stop has neither.
    public var pinLabel: String {
        provider.namesStopsByNumber ? stopID : (letter ?? "")
    }

    /// A map pin's accessible name: "Oxford Circus Station, stop RG, routes 73, 390", and
    /// ", favourite" after it when the stop is one.
    public func pinName(isFavourite: Bool) -> String {
        var parts = [spokenName]
        if !lines.isEmpty { parts.append(Plural.form(lines.count, one: "route ", other: "routes ") + lines.joined(separator: ", ")) }
        if isFavourite { parts.append("favourite") }
        return parts.joined(separator: ", ")
    }
}

import TripCore

extension TransitStop {
    /// "Oxford Circus Station (Stop OC)"; a tram stop with its number: "Highett St & Church St (4055)".
    public var title: String {
        // TRANSLATORS: a stop's name and its number: "Highett St & Church St (4055)".
        if provider.namesStopsByNumber { return tr("%1$@ (%2$@)").filled(name, stopID) }
        guard let letter, !letter.isEmpty else { return name }
        // TRANSLATORS: a stop's name and the letter on its flag: "Oxford Circus Station (Stop OC)".
        return tr("%1$@ (Stop %2$@)").filled(name, letter)
    }

    /// How a screen reader says the stop: "Oxford Circus Station, stop OE"; "Highett St & Church St, stop 4055".
    public var spokenName: String {
        if provider.namesStopsByNumber { return Self.spoken(name, stopID) }
        return letter.map { Self.spoken(name, $0) } ?? name
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
        // TRANSLATORS: spoken after a stop's name, %1$@ the routes' numbers: "routes 73, 390".
        if !lines.isEmpty { parts.append(trn("route %1$@", "routes %1$@", lines.count).filled(lines.joined(separator: tr(", ")))) }
        // TRANSLATORS: spoken after a stop's name on the map when it is one of the favourites.
        if isFavourite { parts.append(tr("favourite")) }
        return parts.joined(separator: tr(", "))
    }

    /// "Oxford Circus Station, stop OE".
    private static func spoken(_ name: String, _ code: String) -> String {
        // TRANSLATORS: how a screen reader says a stop: its name, then its letter or number: "Oxford Circus Station, stop OE".
        tr("%1$@, stop %2$@").filled(name, code)
    }
}

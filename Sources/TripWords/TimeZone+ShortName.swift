import Foundation

extension TimeZone {
    /// The zone's short name at `instant` as its own region writes it: "EDT" in New York, "CEST" in
    /// Paris, "AEST" in Melbourne; "GMT+9" where English has no such name (Tokyo).
    ///
    /// ICU knows each abbreviation only in the English of the region that uses it (en_GB writes New
    /// York's as "GMT-4", en_US writes Paris's so), so each English is asked in turn.
    public func shortName(at instant: Date) -> String {
        var offsetOnly: String?
        for region in Self.englishes {
            var style = Date.FormatStyle(locale: Locale(identifier: region)).timeZone(.specificName(.short))
            style.timeZone = self
            let name = instant.formatted(style)
            if !name.hasPrefix("GMT") && !name.hasPrefix("UTC") { return name }
            offsetOnly = offsetOnly ?? name
        }
        return offsetOnly ?? identifier
    }

    private static let englishes = ["en_US", "en_GB", "en_AU", "en_CA", "en_NZ", "en_IE", "en_ZA", "en_IN"]
}

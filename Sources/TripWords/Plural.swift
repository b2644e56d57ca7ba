import Foundation
import TripCore

/// Where a plural form is chosen: by gettext's `ngettext`, from the catalogue's own rule (French's
/// `n > 1`, so "0 départ"), never in code.
public enum Plural {
    /// `one` or `other`, as the count needs, in English. Sentences not yet worded through the
    /// catalogues use it; a translatable one uses `counted` or `trn`.
    public static func form(_ count: Int, one: String, other: String) -> String {
        count == 1 ? one : other
    }

    /// The message for `count` in the person's language, its `%ld` filled with the count:
    /// `counted(3, "%ld departure", "%ld departures")` is "3 departures" ("3 départs"), and
    /// `counted(10_000, …)` "10,000 departures" ("10 000 départs"), grouped as the locale writes it.
    public static func counted(_ count: Int, _ one: StaticString, _ other: StaticString) -> String {
        trn(one, other, count).filled(grouped(count)) // lint: forwards
    }

    /// `count` as a message's `%ld` takes it through `String.filled` (not `String(format:)`, which
    /// would misread the text): as it is below 1,000, which no locale groups (so a small count needs
    /// no number formatter), and written with the locale's digit groups above. For counts and
    /// distances alike ("10,000 departures", "5,000 km").
    public static func grouped(_ count: Int) -> any CVarArg {
        count.magnitude < 1000 ? count : count.formatted(.number.locale(FormattingLocale.current))
    }

    /// Items as a sentence lists them: "A", "A and B", "A, B and C" ("A, B et C").
    public static func listed(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        let rest = items.dropLast()
        // TRANSLATORS: the end of a list: "Oxford Circus, Waterloo and King's Cross".
        return rest.isEmpty ? last : tr("%1$@ and %2$@").filled(rest.joined(separator: tr(", ")), last)
    }
}

/// Where a plural form is chosen: by gettext's `ngettext`, from the catalogue's own rule (French's
/// `n > 1`, so "0 départ"), never in code.
public enum Plural {
    /// `one` or `other`, as the count needs, in English. Sentences not yet worded through the
    /// catalogues use it; a translatable one uses `counted` or `trn`.
    public static func form(_ count: Int, one: String, other: String) -> String {
        count == 1 ? one : other
    }

    /// The message for `count` in the person's language, its `%ld` filled with the count:
    /// `counted(3, "%ld departure", "%ld departures")` is "3 departures" ("3 départs").
    public static func counted(_ count: Int, _ one: StaticString, _ other: StaticString) -> String {
        trn(one, other, count).filled(count) // lint: forwards
    }

    /// Items as a sentence lists them: "A", "A and B", "A, B and C" ("A, B et C").
    public static func listed(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        let rest = items.dropLast()
        // TRANSLATORS: the end of a list: "Oxford Circus, Waterloo and King's Cross".
        return rest.isEmpty ? last : tr("%1$@ and %2$@").filled(rest.joined(separator: tr(", ")), last)
    }
}

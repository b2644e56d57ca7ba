/// The one place a plural form is chosen, by a function of the count: English's rule today,
/// gettext's `ngettext` (and French's `n > 1`) when the catalogues come.
public enum Plural {
    /// `one` or `other`, as the count needs.
    public static func form(_ count: Int, one: String, other: String) -> String {
        count == 1 ? one : other
    }

    /// The count and its noun: "1 departure", "3 departures".
    public static func counted(_ count: Int, _ one: String, _ other: String) -> String {
        "\(count) \(form(count, one: one, other: other))"
    }

    /// Items as a sentence lists them: "A", "A and B", "A, B and C".
    public static func listed(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        let rest = items.dropLast()
        return rest.isEmpty ? last : "\(rest.joined(separator: ", ")) and \(last)"
    }
}

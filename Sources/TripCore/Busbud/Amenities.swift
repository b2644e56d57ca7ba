/// What a coach offers on board, as the flags Busbud sends (`wifi`, `toilet`, `power_outlets`…).
public struct Amenities: Hashable, Sendable, Decodable {
    /// The flags that are true, in Busbud's names. Unknown flags are kept; non-flag fields are not.
    public var available: Set<String> {
        didSet { labels = Self.labels(of: available) }
    }
    /// "Wi-Fi", "Toilet"… for the flags that are set, in `known` order: found once, when the flags
    /// are set, as every departure of a class shares them.
    public private(set) var labels: [String]

    public init(available: Set<String>) {
        self.available = available
        labels = Self.labels(of: available)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        var available: Set<String> = []
        for key in container.allKeys where (try? container.decode(Bool.self, forKey: key)) == true {
            available.insert(key.stringValue)
        }
        self.init(available: available)
    }

    /// The flags a traveller cares about, in a steady order, with their names in plain English
    /// (marked for the catalogue: the window shows them translated, `--json` as they are here).
    public static let known: [(flag: String, label: String)] = [
        ("wifi", N_("Wi-Fi")), ("power_outlets", N_("Power outlets")), ("toilet", N_("Toilet")), ("ac", N_("Air conditioning")),
        ("leg_room", N_("Extra leg room")), ("refreshment", N_("Refreshments")), ("food", N_("Food")), ("hot_meal", N_("Hot meal")),
        ("tv", N_("TV")), ("xl_seat", N_("XL seats")), ("full_recline_seat", N_("Fully reclining seats")),
        ("bus_attendant", N_("Attendant")),
    ]

    private static func labels(of available: Set<String>) -> [String] {
        known.filter { available.contains($0.flag) }.map(\.label)
    }
}

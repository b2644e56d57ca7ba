import TripCore

/// The words of the departure filters, in the window and on the command line.
public enum FilterWords {
    public static let filter = "Filter"
    public static let clear = "Clear filters"
    public static let operators = "Operators"
    public static let departureTime = "Departure time"
    /// Under "Departure time": whose clock the parts of the day are on.
    public static let departureTimeHint = "By the departure city's clock"
    public static let highestPrice = "Highest price"
    public static let amenities = "Amenities"
    public static let night = "Night"
    public static let morning = "Morning"
    public static let afternoon = "Afternoon"
    public static let evening = "Evening"
    public static let wifi = "Wi-Fi"
    public static let powerOutlets = "Power outlets"
    public static let toilet = "Toilet"
    /// The price field's hint while it is empty.
    public static let anyPrice = "Any"
    /// Where the operators would be listed, before any departure has arrived.
    public static let noOperatorsYet = "Operators show here once departures arrive"

    /// "Filter", or "Filter (2)" while two kinds of filter are on.
    public static func button(activeCount: Int) -> String {
        activeCount == 0 ? filter : "\(filter) (\(activeCount))"
    }

    /// The Filter button's tooltip: what it does, or how many filters are on.
    public static func tooltip(activeCount: Int) -> String {
        activeCount == 0 ? "Filter the departures by operator, time, price or amenities"
            : Plural.form(activeCount, one: "1 filter is on", other: "\(activeCount) filters are on")
    }

    /// "Greyhound (5)": a choice and how many departures of this search it has.
    public static func choice(_ name: String, count: Int) -> String {
        "\(name) (\(count))"
    }

    /// "Morning (06–12)".
    public static func timeOfDay(_ name: String, fromHour: Int, toHour: Int) -> String {
        "\(name) (\(twoDigits(fromHour))–\(twoDigits(toHour)))"
    }

    /// "6 of 8 departures": how many show of how many were found.
    public static func shown(_ shown: Int, of found: Int) -> String {
        "\(shown) of \(ItemKind.departure.counted(found))"
    }

    /// "2 of 8 departures hidden by filters": the command line's stderr line.
    public static func hidden(_ hidden: Int, of found: Int) -> String {
        "\(hidden) of \(ItemKind.departure.counted(found)) hidden by filters"
    }

    /// "All 8 departures are hidden by filters": the results' title when none is left to show.
    public static func allHidden(_ found: Int) -> String {
        Plural.form(found, one: "The one departure found is hidden by filters",
                    other: "All \(found) departures are hidden by filters")
    }

    /// Said under `allHidden`.
    public static let allHiddenMessage = "Change the filters, or press Clear filters to see every departure."

    /// Why text in the price field was refused.
    public static func notAPrice(_ text: String) -> String {
        "“\(text)” is not a price such as 52 or 52.50"
    }

    /// Why a time given to `--depart-after` or `--depart-before` was refused.
    public static func notAClockTime(_ text: String) -> String {
        "“\(text)” is not a time of day such as 06:30 (24-hour, the departure city's clock)"
    }

    /// Why an `--amenity` was refused.
    public static func notAnAmenity(_ text: String, known: [String]) -> String {
        "“\(text)” is not an amenity; use one of " + known.joined(separator: ", ")
    }

    /// Why `--depart-after` and `--depart-before` given the same time were refused.
    public static let emptyWindow = "--depart-after and --depart-before are the same time, which leaves no departure to show"

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }
}

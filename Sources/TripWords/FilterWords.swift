import TripCore

/// The words of the departure filters, in the window and on the command line.
public enum FilterWords {
    public static var filter: String { tr("Filter") }
    public static var clear: String { tr("Clear filters") }
    public static var operators: String { tr("Operators") }
    public static var departureTime: String { tr("Departure time") }
    /// Under "Departure time": whose clock the parts of the day are on.
    public static var departureTimeHint: String { tr("By the departure city's clock") }
    public static var highestPrice: String { tr("Highest price") }
    public static var amenities: String { tr("Amenities") }
    // TRANSLATORS: a part of the day, 00–06, to filter departures by.
    public static var night: String { tr("Night") }
    public static var morning: String { tr("Morning") }
    public static var afternoon: String { tr("Afternoon") }
    public static var evening: String { tr("Evening") }
    public static var wifi: String { tr("Wi-Fi") }
    public static var powerOutlets: String { tr("Power outlets") }
    public static var toilet: String { tr("Toilet") }
    /// The price field's hint while it is empty.
    // TRANSLATORS: the highest price field's hint while it is empty: any price.
    public static var anyPrice: String { trc("price", "Any") }
    /// Where the operators would be listed, before any departure has arrived.
    public static var noOperatorsYet: String { tr("Operators show here once departures arrive") }

    /// "Filter", or "Filter (2)" while two kinds of filter are on.
    public static func button(activeCount: Int) -> String {
        // TRANSLATORS: the Filter button while %1$ld kinds of filter are on: "Filter (2)".
        activeCount == 0 ? filter : tr("Filter (%1$ld)").filled(activeCount)
    }

    /// The Filter button's tooltip: what it does, or how many filters are on.
    public static func tooltip(activeCount: Int) -> String {
        activeCount == 0 ? tr("Filter the departures by operator, time, price or amenities")
            : trn("1 filter is on", "%1$ld filters are on", activeCount).filled(activeCount)
    }

    /// "Greyhound (5)": a choice and how many departures of this search it has.
    public static func choice(_ name: String, count: Int) -> String {
        // TRANSLATORS: an operator and how many of the departures found it runs: "Greyhound (5)".
        tr("%1$@ (%2$ld)").filled(name, count)
    }

    /// "Morning (06–12)".
    public static func timeOfDay(_ name: String, fromHour: Int, toHour: Int) -> String {
        // TRANSLATORS: a part of the day and its hours, always two digits: "Morning (06–12)".
        tr("%1$@ (%2$02ld–%3$02ld)").filled(name, fromHour, toHour)
    }

    /// "6 of 8 departures": how many show of how many were found.
    public static func shown(_ shown: Int, of found: Int) -> String {
        // TRANSLATORS: %1$ld departures show of the %2$ld found.
        trn("%1$ld of %2$ld departure", "%1$ld of %2$ld departures", found).filled(shown, found)
    }

    /// "2 of 8 departures hidden by filters": the command line's stderr line.
    public static func hidden(_ hidden: Int, of found: Int) -> String {
        // TRANSLATORS: %1$ld departures of the %2$ld found are hidden.
        trn("%1$ld of %2$ld departure hidden by filters", "%1$ld of %2$ld departures hidden by filters", found).filled(hidden, found)
    }

    /// "All 8 departures are hidden by filters": the results' title when none is left to show.
    public static func allHidden(_ found: Int) -> String {
        trn("The one departure found is hidden by filters", "All %1$ld departures are hidden by filters", found).filled(found)
    }

    /// Said under `allHidden`.
    public static var allHiddenMessage: String { tr("Change the filters, or press Clear filters to see every departure.") }

    /// Why text in the price field was refused.
    public static func notAPrice(_ text: String) -> String {
        tr("“%1$@” is not a price such as 52 or 52.50").filled(text)
    }

    /// Why a time given to `--depart-after` or `--depart-before` was refused.
    public static func notAClockTime(_ text: String) -> String {
        tr("“%1$@” is not a time of day such as 06:30 (24-hour, the departure city's clock)").filled(text)
    }

    /// Why an `--amenity` was refused.
    public static func notAnAmenity(_ text: String, known: [String]) -> String {
        // TRANSLATORS: %2$@ lists the amenity names the command line takes, as typed ("wifi, power, toilet").
        tr("“%1$@” is not an amenity; use one of %2$@").filled(text, known.joined(separator: ", "))
    }

    /// Why `--depart-after` and `--depart-before` given the same time were refused.
    public static var emptyWindow: String {
        tr("--depart-after and --depart-before are the same time, which leaves no departure to show")
    }
}

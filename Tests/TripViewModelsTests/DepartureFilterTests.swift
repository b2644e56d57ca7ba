import Foundation
import Testing
import TripCore
import TripViewModels

/// A departure of `departure(_:at:)` with another operator, price, currency or amenities.
func departure(_ id: String, at time: String, operatorName: String? = "Greyhound", cents: Int = 5200,
               currency: String = "USD", amenities: [String]) -> ResolvedDeparture {
    var item = departure(id, at: time, cents: cents, operatorName: operatorName)
    item.currency = currency
    item.amenities = amenities
    return item
}

struct DepartureFilterTests {
    /// No part set lets every departure through, and counts as no filter on.
    @Test func anEmptyFilterAdmitsEverything() {
        let filter = DepartureFilter()
        #expect(!filter.isActive)
        #expect(filter.activeCount == 0)
        #expect(filter.admits(departure("a", at: "07:00", operatorName: nil)))
    }

    /// Chosen operators show alone; a departure whose operator is not yet known cannot be shown to
    /// be one of them.
    @Test func operatorsShowOnlyTheChosen() {
        let filter = DepartureFilter(operators: ["Megabus", "Flixbus"])
        #expect(filter.admits(departure("a", at: "07:00", operatorName: "Megabus")))
        #expect(filter.admits(departure("b", at: "07:00", operatorName: "Flixbus")))
        #expect(!filter.admits(departure("c", at: "07:00", operatorName: "Greyhound")))
        #expect(!filter.admits(departure("d", at: "07:00", operatorName: nil)))
    }

    /// Each minute of the day falls in one part: 06:00 is morning, 05:59 night, 23:59 evening.
    @Test(arguments: [
        ("00:00", DepartureFilter.TimeOfDay.night), ("05:59", .night), ("06:00", .morning), ("11:59", .morning),
        ("12:00", .afternoon), ("17:59", .afternoon), ("18:00", .evening), ("23:59", .evening),
    ])
    func partsOfTheDay(time: String, part: DepartureFilter.TimeOfDay) {
        #expect(DepartureFilter.TimeOfDay(minuteOfDay: DepartureFilter.minuteOfDay(time)!) == part)
        for other in DepartureFilter.TimeOfDay.allCases {
            #expect(DepartureFilter(timesOfDay: [other]).admits(departure("a", at: time)) == (other == part))
        }
    }

    /// A coach leaving New York at 23:30 (EDT, -04:00) is an evening departure: by New York's clock,
    /// not by UTC (03:30 the next day, night) nor by any other zone's, such as Tokyo's (12:30,
    /// afternoon). The departure is made from its instant, as a service's answer would be read.
    @Test func lateNewYorkDepartureIsEveningWhateverTheZone() {
        let newYork = TimeZone(identifier: "America/New_York")!
        let instant = ISO8601DateFormatter().date(from: "2016-07-29T23:30:00-04:00")!
        var late = departure("late", at: "07:00")
        late.departure = instant
        late.departureZone = newYork
        late.localDeparture = LocalDateTime(instant, in: newYork)
        #expect(late.localDeparture.hour == 23)
        #expect(LocalDateTime(instant, in: .gmt).hour == 3)
        #expect(LocalDateTime(instant, in: TimeZone(identifier: "Asia/Tokyo")!).hour == 12)
        #expect(DepartureFilter(timesOfDay: [.evening]).admits(late))
        #expect(!DepartureFilter(timesOfDay: [.night, .afternoon, .morning]).admits(late))
        #expect(DepartureFilter(departsAfter: 23 * 60, departsBefore: 23 * 60 + 31).admits(late))
    }

    /// --depart-after is inclusive, --depart-before exclusive; a window ending before it starts
    /// runs through midnight.
    @Test(arguments: [
        ("06:00", "12:00", "06:00", true), ("06:00", "12:00", "11:59", true), ("06:00", "12:00", "12:00", false),
        ("06:00", "12:00", "05:59", false), ("22:00", "02:00", "23:30", true), ("22:00", "02:00", "01:00", true),
        ("22:00", "02:00", "12:00", false), ("18:00", nil, "23:30", true), ("18:00", nil, "17:00", false),
        (nil, "09:00", "08:59", true), (nil, "09:00", "09:00", false),
    ] as [(String?, String?, String, Bool)])
    func departureWindow(after: String?, before: String?, time: String, shown: Bool) {
        let filter = DepartureFilter(departsAfter: after.flatMap(DepartureFilter.minuteOfDay),
                                     departsBefore: before.flatMap(DepartureFilter.minuteOfDay))
        #expect(filter.activeCount == 1)
        #expect(filter.admits(departure("a", at: time)) == shown)
    }

    /// Prices at or under the limit show; over it, or in another currency than the limit's, they do not.
    @Test func highestPrice() {
        let filter = DepartureFilter(highestPrice: .init(minorUnits: 5200, currency: "usd"))
        #expect(filter.admits(departure("a", at: "07:00", cents: 5200, amenities: [])))
        #expect(filter.admits(departure("b", at: "07:00", cents: 100, amenities: [])))
        #expect(!filter.admits(departure("c", at: "07:00", cents: 5201, amenities: [])))
        #expect(!filter.admits(departure("d", at: "07:00", cents: 100, currency: "CAD", amenities: [])))
    }

    /// Amenities are all needed, however the service spelled them.
    @Test func amenitiesAreAllNeeded() {
        let filter = DepartureFilter(amenities: [.wifi, .power])
        #expect(filter.admits(departure("a", at: "07:00", amenities: ["Wi-Fi", "Power outlets", "Toilet"])))
        #expect(filter.admits(departure("b", at: "07:00", amenities: ["wifi", "power_outlets"])))
        #expect(!filter.admits(departure("c", at: "07:00", amenities: ["Wi-Fi", "Toilet"])))
        #expect(!filter.admits(departure("d", at: "07:00", amenities: [])))
    }

    /// The service's names for the three amenities are read whichever way they are written.
    @Test(arguments: [
        ("Wi-Fi", DepartureFilter.Amenity.wifi), ("wifi", .wifi), ("WiFi", .wifi), ("wi_fi", .wifi),
        ("Wireless internet", .wifi), ("Power outlets", .power), ("power_outlets", .power), ("POWER", .power),
        ("Power sockets", .power), ("Toilet", .toilet), ("toilets", .toilet), ("Restroom", .toilet), ("WC", .toilet),
        ("Air conditioning", nil), ("TV", nil), ("", nil),
    ] as [(String, DepartureFilter.Amenity?)])
    func amenityNames(name: String, amenity: DepartureFilter.Amenity?) {
        #expect(DepartureFilter.Amenity(serviceName: name) == amenity)
    }

    /// Typed amounts become minor units of the currency; anything else is refused.
    @Test(arguments: [
        ("52", "USD", 5200), ("52.5", "USD", 5250), ("52,50", "EUR", 5250), ("52.", "USD", 5200), (" 7 ", "CAD", 700),
        ("1000", "JPY", 1000), ("0", "USD", 0), ("52.505", "USD", nil), ("52.5", "JPY", nil), ("-5", "USD", nil),
        ("abc", "USD", nil), ("", "USD", nil), ("5e3", "USD", nil), ("1.2.3", "USD", nil), ("٥٢", "USD", nil),
    ] as [(String, String, Int?)])
    func readingPrices(text: String, currency: String, minorUnits: Int?) {
        #expect(DepartureFilter.minorUnits(text, currency: currency) == minorUnits)
    }

    /// "HH:MM" times of day, 24-hour; anything else is refused.
    @Test(arguments: [
        ("06:30", 390), ("6:30", 390), ("00:00", 0), ("23:59", 1439), ("24:00", nil), ("12:60", nil), ("6pm", nil),
        ("0630", nil), ("06:3", nil), ("", nil), ("-1:00", nil), ("06:30:00", nil),
    ] as [(String, Int?)])
    func readingTimes(text: String, minute: Int?) {
        #expect(DepartureFilter.minuteOfDay(text) == minute)
    }

    /// Each kind of filter set counts once, for "Filter (2)".
    @Test func countsKindsOfFilterOn() {
        let filter = DepartureFilter(operators: ["Megabus", "Greyhound"], timesOfDay: [.morning, .evening],
                                     departsAfter: 60, departsBefore: 120,
                                     highestPrice: .init(minorUnits: 1, currency: "USD"), amenities: [.wifi])
        #expect(filter.activeCount == 5)
        #expect(DepartureFilter(operators: ["Megabus"], amenities: [.toilet, .wifi]).activeCount == 2)
    }

    /// Operators are counted by name, sorted by name; departures with no operator yet are not counted.
    @Test func operatorCounts() {
        let counts = DepartureFilter.operatorCounts([
            departure("a", at: "07:00", operatorName: "megabus"), departure("b", at: "08:00", operatorName: "Greyhound"),
            departure("c", at: "09:00", operatorName: "Greyhound"), departure("d", at: "10:00", operatorName: nil),
        ])
        #expect(counts.map(\.label) == ["Greyhound (2)", "megabus (1)"])
        #expect(DepartureFilter(operators: ["MEGABUS"]).matchingOperators(of: counts).operators == ["megabus"])
        #expect(DepartureFilter(operators: ["Nobody"]).matchingOperators(of: counts).operators == ["Nobody"])
    }
}

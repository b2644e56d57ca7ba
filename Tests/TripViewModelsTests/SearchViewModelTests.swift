import Foundation
import Testing
import TripCore
@testable import TripViewModels
import TestSupport

@MainActor
struct SearchViewModelTests {
    let search = ScriptedSearch()

    func makeModel() -> SearchViewModel {
        SearchViewModel(searching: search, initial: .standard, formatter: PriceFormatter(locale: Locale(identifier: "en_GB")))
    }

    /// The form starts on the brief's search: New York to Montréal, 29 July 2016, one adult, US dollars.
    @Test func formStartsOnTheBriefsSearch() {
        let model = makeModel()
        #expect(model.origin.name == "New York")
        #expect(model.destination.name == "Montréal")
        #expect(model.query == .standard)
        #expect(model.canSearch)
        #expect(model.results == .idle)
        #expect(model.progress == "")
    }

    /// Rows appear page by page, sorted by departure time, with a running count.
    @Test func rowsArriveAsPagesDo() async {
        let model = makeModel()
        model.search()
        #expect(model.isSearching)
        #expect(model.progress == "Searching… 0 departures so far")
        search.send(SearchSnapshot(phase: .searching, departures: [departure("b", at: "11:30")]))
        await settle { model.rows.count == 1 }
        search.send(SearchSnapshot(phase: .searching, departures: [departure("b", at: "11:30"), departure("a", at: "07:00")]))
        await settle { model.rows.count == 2 }
        #expect(model.progress == "Searching… 2 departures so far")
        #expect(model.rows.map(\.departs) == ["07:00", "11:30"])
        search.send(SearchSnapshot(phase: .complete, departures: [departure("b", at: "11:30"), departure("a", at: "07:00")]))
        await settle { model.ending == .complete }
        #expect(model.progress == "2 departures")
        #expect(!model.isSearching)
    }

    /// What could not be read is said beside the results; when nothing could, the search failed:
    /// never "No departures on this day" while the service sent some.
    @Test func unreadableDeparturesAreSaidNeverNoDepartures() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .complete, departures: [departure("a", at: "07:00")], skipped: 2,
                                   skipReason: .missingField("prices", at: ["departures", "1"])))
        await settle { model.ending == .complete }
        #expect(model.progress == "1 departure · 2 departures could not be read")
        #expect(model.leftOutDetails == "2 departures could not be read (the first: no prices in departures.1)")
        #expect(model.screen == .content)

        model.search()
        search.send(SearchSnapshot(phase: .complete, skipped: 6, skipReason: .missingField("departureTime", at: ["departures", "0"])), search: 1)
        await settle { model.ending == .complete }
        guard case .failed(let failure) = model.screen else {
            Issue.record("expected a failure, got \(model.screen)")
            return
        }
        #expect(failure.title == "Tripboard could not read the departures")
        #expect(failure.details?.contains("6 departures could not be read") == true)
        #expect(failure.canRetry)
    }

    /// A row reads as a sentence, and shows its times, duration, price, seats and amenities.
    @Test func rowsReadAsSentences() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .complete, departures: [departure("a", at: "07:00", minutes: 485),
                                                                  departure("n", at: "23:30")]))
        await settle { model.rows.count == 2 }
        let day = model.rows[0]
        #expect(day.accessibleName == "Departs 07:00 from Port Authority Bus Terminal, arrives 15:05 at Gare d'autocars de Montréal, Greyhound, US$52.00")
        #expect(day.duration == "8 h 05 min")
        #expect(day.seats == "12 seats left")
        #expect(day.amenities == "Wi-Fi · Toilet")
        #expect(day.dayOffset == "")
        let night = model.rows[1]
        #expect(night.dayOffset == "+1")
        #expect(night.accessibleName.contains("arrives 07:35 the next day at"))
    }

    /// A departure whose operator has not arrived yet still shows, and fills in later.
    @Test func unknownOperatorFillsIn() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .searching, departures: [departure("a", at: "07:00", operatorName: nil)]))
        await settle { model.rows.count == 1 }
        #expect(model.rows[0].operatorName == "Operator not yet known")
        search.send(SearchSnapshot(phase: .complete, departures: [departure("a", at: "07:00")]))
        await settle { model.ending == .complete }
        #expect(model.rows[0].operatorName == "Greyhound")
    }

    /// Rows sort by departure time, price or duration.
    @Test func sortsByEachOrder() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .complete, departures: [
            departure("a", at: "07:00", minutes: 500, cents: 6000),
            departure("b", at: "09:00", minutes: 400, cents: 7000),
            departure("c", at: "12:00", minutes: 450, cents: 4000),
        ]))
        await settle { model.rows.count == 3 }
        #expect(model.rows.map(\.id) == ["a", "b", "c"])
        model.sortOrder = .price
        #expect(model.rows.map(\.id) == ["c", "a", "b"])
        model.sortOrder = .duration
        #expect(model.rows.map(\.id) == ["b", "c", "a"])
    }

    /// Rows merged in page by page (snapshots of one lineage) come out in the same order as sorting
    /// everything at once, in each order and when the order changes mid-search.
    @Test func mergingPageByPageMatchesSortingEverything() async {
        var generator = SystemRandomNumberGenerator()
        let all = (0..<60).map { number in
            departure("d\(number)", at: String(format: "%02d:%02d", 5 + Int.random(in: 0..<18, using: &generator),
                                                Int.random(in: 0..<4, using: &generator) * 15),
                      minutes: 300 + Int.random(in: 0..<5, using: &generator) * 30,
                      cents: 4000 + Int.random(in: 0..<6, using: &generator) * 500)
        }
        for order in SearchViewModel.SortOrder.allCases {
            let model = makeModel()
            model.sortOrder = order
            model.search()
            let lineage = SearchSnapshot.Lineage()
            for end in stride(from: 12, through: 60, by: 12) {
                if end == 36 { model.sortOrder = order == .price ? .duration : .price }
                search.send(SearchSnapshot(phase: end == 60 ? .complete : .searching, departures: Array(all[..<end]),
                                           lineage: lineage),
                            search: SearchViewModel.SortOrder.allCases.firstIndex(of: order)!)
                await settle { model.rows.count == end }
            }
            let merged = model.rows.map(\.id)
            model.sortOrder = .departure
            model.sortOrder = order == .price ? .duration : .price
            #expect(model.rows.map(\.id) == merged, "\(order)")
        }
    }

    /// A snapshot of a new lineage is shown whole: a departure shown before that changed shows its
    /// change, one that went goes.
    @Test func aNewLineageIsShownWhole() async {
        let model = makeModel()
        model.search()
        let lineage = SearchSnapshot.Lineage()
        let (a, b, c) = (departure("a", at: "07:00", cents: 6000), departure("b", at: "09:00", cents: 7000),
                         departure("c", at: "12:00", cents: 4000))
        search.send(SearchSnapshot(phase: .searching, departures: [a, b], lineage: lineage))
        await settle { model.rows.count == 2 }
        search.send(SearchSnapshot(phase: .searching, departures: [a, b, c], lineage: lineage))
        await settle { model.rows.count == 3 }
        var cheaper = a
        cheaper.priceCents = 3000
        search.send(SearchSnapshot(phase: .complete, departures: [cheaper, c]))
        await settle { !model.isSearching }
        #expect(model.rows.map(\.id) == ["a", "c"])
        #expect(model.rows.map(\.source.priceCents) == [3000, 4000])
    }

    /// A search that finds nothing is complete and empty; an unserved pair says so.
    @Test func emptyAndUnservedResults() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .complete))
        await settle { model.ending == .complete }
        #expect(model.rows.isEmpty)
        model.search()
        search.send(SearchSnapshot(phase: .complete, isValidRoute: false), search: 1)
        await settle { model.ending == .noRoute }
        #expect(model.progress == "No coaches run between these cities")
    }

    /// Past the bound the partial result stays, and the person is told it may not be everything.
    @Test func incompleteSearchSaysSo() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .gaveUp(polls: 30), departures: [departure("a", at: "07:00")]))
        await settle { model.ending == .incomplete }
        #expect(model.rows.count == 1)
        #expect(model.progress == "1 departure found; the service was still searching when Tripboard stopped waiting")
    }

    /// A failure keeps what arrived; Retry repeats exactly the failed search, whatever the form says now.
    @Test func failureKeepsRowsAndRetryRepeatsTheSearch() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .failed(.httpStatus(502)), departures: [departure("a", at: "07:00")]))
        await settle { !model.isSearching }
        guard case .failed(let failure, _) = model.results else { Issue.record("expected a failure"); return }
        #expect(failure.details?.contains("502") == true)
        #expect(model.rows.count == 1)
        model.adults = 3
        model.retry()
        #expect(search.queries.count == 2)
        #expect(search.queries[1] == search.queries[0])
        #expect(search.queries[1].adults == 1)
    }

    /// A new search cancels the old one, and a late page of the old one is never shown.
    @Test func newSearchReplacesTheOld() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .searching, departures: [departure("old", at: "07:00")]))
        await settle { model.rows.count == 1 }
        model.swap()
        model.search()
        #expect(model.rows.isEmpty)
        await settle { search.isTerminated(0) }
        search.send(SearchSnapshot(phase: .searching, departures: [departure("late", at: "08:00")]), search: 0)
        search.send(SearchSnapshot(phase: .complete, departures: [departure("new", at: "09:00")]), search: 1)
        await settle { model.ending == .complete }
        await drain()
        #expect(model.rows.map(\.id) == ["new"])
        #expect(search.queries[1].origin == "f25dvk")
    }

    /// Cancel stops the search; what arrived stays, marked as not everything.
    @Test func cancelKeepsWhatArrived() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .searching, departures: [departure("a", at: "07:00")]))
        await settle { model.rows.count == 1 }
        model.cancel()
        #expect(model.ending == .cancelled)
        #expect(model.progress == "1 departure found before the search was cancelled")
        #expect(model.notice == nil, "the person stopped it: nothing to warn about")
        #expect(model.screen == .content)
        await settle { search.isTerminated(0) }
        #expect(search.isTerminated(0))

        model.search()
        model.cancel()
        #expect(model.progress == "Search cancelled")
        #expect(model.screen == .empty(title: "Search cancelled", message: "Press Search to look again."))
    }

    /// A search whose polls fail keeps the departures already read on screen, with one notice
    /// saying why it stopped, and Retry.
    @Test func failedPollsKeepWhatWasFound() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .searching, departures: [departure("a", at: "07:00"), departure("b", at: "09:00")]))
        await settle { model.rows.count == 2 }
        search.send(SearchSnapshot(phase: .failed(.httpStatus(503)),
                                   departures: [departure("a", at: "07:00"), departure("b", at: "09:00")]))
        await settle { !model.isSearching }
        #expect(model.rows.map(\.id) == ["a", "b"])
        #expect(model.screen == .content)
        #expect(model.progress == "2 departures found before the search failed")
        #expect(model.notice?.sentence.hasPrefix("The search stopped before it finished.") == true)
        #expect(model.notice?.details?.contains("503") == true)
    }

    /// The saved defaults seed a fresh form, never a field the person set, and never a form
    /// whose search is on screen.
    @Test func defaultsSeedOnlyWhatThePersonLeftAlone() async {
        let model = makeModel()
        let boston = model.cities.first { $0.name == "Boston" }!
        model.origin = boston
        model.adults = 3
        var defaults = DepartureQuery.standard
        defaults.currency = "EUR"
        defaults.adults = 2
        model.adopt(defaults)
        #expect(model.origin == boston)
        #expect(model.adults == 3)
        #expect(model.currency == "EUR", "a field the person left alone follows the defaults")

        model.search()
        search.send(SearchSnapshot(phase: .complete, departures: [departure("a", at: "07:00")]))
        await settle { model.ending == .complete }
        defaults.language = "fr"
        defaults.children = 2
        model.adopt(defaults)
        #expect(model.language == "en")
        #expect(model.children == 0)
        #expect(model.query == model.lastQuery, "the results still describe the form")
        #expect(model.rows.count == 1)
    }

    /// Results whose form the person has changed since say so beside them, until Search.
    @Test func resultsSayWhenTheFormNoLongerMatches() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .complete, departures: [departure("a", at: "07:00")]))
        await settle { model.ending == .complete }
        #expect(!model.formChanged)
        model.adults = 2
        #expect(model.formChanged)
        #expect(model.progress == "1 departure · found for the form as it was: press Search for the form as it is")
        model.adults = 1
        #expect(model.progress == "1 departure")
        model.adults = 2
        model.search()
        #expect(!model.formChanged)
    }

    /// A traveller field keeps only what its default in Settings could keep: letters and numbers
    /// out of range are refused and said, the last good value stays, and Search waits.
    @Test func travellerFieldsRefuseWhatTheyCannotKeep() {
        let model = makeModel()
        #expect(model.enter(.searchAdults, "abc") == nil)
        #expect(model.fieldProblems[.searchAdults] == "Choose 0 to 20 travellers.")
        #expect(model.problem == "Choose 0 to 20 travellers.")
        #expect(model.adults == 1)
        #expect(!model.canSearch)
        model.search()
        #expect(search.queries.isEmpty)
        #expect(model.enter(.searchAdults, "25") == nil)
        #expect(model.adults == 1)
        #expect(model.enter(.searchAdults, " 4 ") == 4)
        #expect(model.fieldProblems.isEmpty)
        #expect(model.adults == 4)
        #expect(model.canSearch)
        #expect(model.enter(.searchChildren, "") == 0, "empty is the field's default, as in Settings")
    }

    /// The same city at both ends, or no traveller, is explained and blocks the search.
    @Test func invalidFormBlocksTheSearch() {
        let model = makeModel()
        model.destination = model.origin
        #expect(model.problem == "Choose two different cities.")
        model.search()
        #expect(search.queries.isEmpty)
        model.swap()
        model.destination = model.cities[0] == model.origin ? model.cities[1] : model.cities[0]
        model.adults = 0
        #expect(model.problem == "Add at least one traveller.")
        #expect(!model.canSearch)
    }

    /// Opening a row shows its details: times with zones, stops, and the price broken down.
    @Test func detailsOpenAndClose() async throws {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .complete, departures: [departure("a", at: "07:00")]))
        await settle { model.rows.count == 1 }
        model.open("a")
        let details = try #require(model.details)
        #expect(details.title == "Port Authority Bus Terminal → Gare d'autocars de Montréal")
        #expect(details.day == "Friday, 29 July 2016")
        let departs = try #require(details.facts.first { $0.label == "Departs" }?.value)
        #expect(departs.hasPrefix("07:00 "), "local time, then the zone's own short name")
        #expect(departs.hasPrefix("07:00 EDT "))
        #expect(departs.hasSuffix(" from Port Authority Bus Terminal"))
        #expect(details.facts.first { $0.label == "Class" }?.value == "Economy")
        #expect(details.price.map(\.label) == ["Fare", "Fees", "Taxes", "Total"])
        #expect(details.price.last?.value == "US$52.00")
        #expect(details.stops.map(\.value) == ["Port Authority Bus Terminal", "Albany Bus Terminal", "Gare d'autocars de Montréal"])
        #expect(details.stops.map(\.label) == ["07:00", "11:00", "15:05"])
        #expect(model.drillDown == DrillDown(title: details.title, subtitle: details.day))
        model.closeDetails()
        #expect(model.details == nil)
        #expect(model.drillDown == nil)
        #expect(model.rows.count == 1)
    }
}

@MainActor
struct SearchScreenTests {
    let search = ScriptedSearch()

    func makeModel() -> SearchViewModel {
        SearchViewModel(searching: search, initial: .standard, formatter: PriceFormatter(locale: Locale(identifier: "en_GB")))
    }

    /// Before any search the results area invites one; the day reads as a date.
    @Test func idleInvitesASearch() {
        let model = makeModel()
        #expect(model.screen == .empty(title: "Find a coach",
                                       message: "Choose where from, where to and the day, then press Search."))
        #expect(model.dateText == "Fri, 29 Jul 2016")
        #expect(model.notice == nil)
    }

    /// The form's day as each locale writes a date (U+00A0 is none here; French abbreviates
    /// its own way, and Quebec's July is "juill.").
    @Test(arguments: [("en_US", "Fri, Jul 29, 2016"), ("en_GB", "Fri, 29 Jul 2016"),
                      ("fr_FR", "ven. 29 juil. 2016"), ("fr_CA", "ven. 29 juill. 2016")])
    func theDayReadsAsTheLocaleWritesIt(locale: String, expected: String) {
        let model = SearchViewModel(searching: search, initial: .standard,
                                    formatter: PriceFormatter(locale: FormattingLocale.locale(["LANG": "\(locale).UTF-8"])))
        #expect(model.dateText == expected)
    }

    /// A spinner until the first rows, then the rows while more arrive.
    @Test func loadingThenContent() async {
        let model = makeModel()
        model.search()
        #expect(model.screen == .loading)
        search.send(SearchSnapshot(phase: .searching, departures: [departure("a", at: "07:00")]))
        await settle { !model.rows.isEmpty }
        #expect(model.screen == .content)
    }

    /// Nothing that day: the status says so, naming the searched cities.
    @Test func noDeparturesOnThisDay() async {
        let model = makeModel()
        model.search()
        model.swap()
        search.send(SearchSnapshot(phase: .complete))
        await settle { model.ending == .complete }
        #expect(model.screen == .empty(title: "No departures on this day",
                                       message: "No coach leaves New York for Montréal that day. Try another day."))
    }

    /// A failure with nothing shown is the Retry dialog's state; with rows shown, a notice above them.
    @Test func failuresBecomeDialogOrNotice() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .failed(.transport(.system("timed out")))))
        await settle { !model.isSearching }
        guard case .failed(let failure) = model.screen else { Issue.record("expected the failed screen"); return }
        #expect(failure.title == "Can’t reach the coach search service")

        model.search()
        search.send(SearchSnapshot(phase: .failed(.httpStatus(500)), departures: [departure("a", at: "07:00")]), search: 1)
        await settle { !model.isSearching }
        #expect(model.screen == .content)
        #expect(model.notice?.details?.contains("500") == true)
    }

    /// A search that stopped early keeps its rows and says there may be more.
    @Test func incompleteSearchNotice() async {
        let model = makeModel()
        model.search()
        search.send(SearchSnapshot(phase: .gaveUp(polls: 30), departures: [departure("a", at: "07:00")]))
        await settle { model.ending == .incomplete }
        #expect(model.screen == .content)
        #expect(model.notice?.sentence.hasPrefix("The search did not finish.") == true)
    }
}

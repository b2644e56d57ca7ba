import Foundation
import Testing
import TripCore
@testable import TripViewModels
import TestSupport

@MainActor
struct SearchViewModelFilterTests {
    let search = ScriptedSearch()

    func makeModel() -> SearchViewModel {
        SearchViewModel(searching: search, initial: .standard, formatter: PriceFormatter(locale: Locale(identifier: "en_GB")))
    }

    /// Three Greyhound coaches (07:00 with Wi-Fi and power, 13:00 at US$30, 23:30 in the evening)
    /// and one Megabus (09:00).
    let found = [
        departure("g1", at: "07:00", amenities: ["Wi-Fi", "Power outlets"]),
        departure("m1", at: "09:00", operatorName: "Megabus", amenities: ["Toilet"]),
        departure("g2", at: "13:00", cents: 3000, amenities: []),
        departure("g3", at: "23:30", amenities: ["Wi-Fi"]),
    ]

    func searched(_ model: SearchViewModel) async {
        model.search()
        search.send(SearchSnapshot(phase: .complete, departures: found))
        await settle { model.ending == .complete }
    }

    /// Operators are offered with their counts in this search; choosing one shows its departures
    /// alone, the count says "N of M", and Clear filters is offered; Clear brings every one back.
    @Test func operatorFilterShowsNOfMAndClearBringsThemBack() async {
        let model = makeModel()
        await searched(model)
        #expect(model.operatorCounts.map(\.label) == ["Greyhound (3)", "Megabus (1)"])
        #expect(model.filterLabel == "Filter")
        #expect(!model.canClearFilters)
        #expect(model.progress == "4 departures")

        model.setOperator("Megabus", shown: true)
        #expect(model.visibleRows.map(\.id) == ["m1"])
        #expect(model.rows.count == 4)
        #expect(model.progress == "1 of 4 departures")
        #expect(model.filterLabel == "Filter (1)")
        #expect(model.filterTooltip == "1 filter is on")
        #expect(model.canClearFilters)
        #expect(model.screen == .content)

        model.clearFilters()
        #expect(model.visibleRows.map(\.id) == ["g1", "m1", "g2", "g3"])
        #expect(model.progress == "4 departures")
        #expect(!model.canClearFilters)
    }

    /// Each kind of filter hides what it should, and they add up.
    @Test func eachFilterAndTogether() async {
        let model = makeModel()
        await searched(model)
        model.setTimeOfDay(.evening, shown: true)
        #expect(model.visibleRows.map(\.id) == ["g3"])
        model.setTimeOfDay(.morning, shown: true)
        #expect(model.visibleRows.map(\.id) == ["g1", "m1", "g3"])
        model.setAmenity(.wifi, required: true)
        #expect(model.visibleRows.map(\.id) == ["g1", "g3"])
        model.setAmenity(.power, required: true)
        #expect(model.visibleRows.map(\.id) == ["g1"])
        #expect(model.progress == "1 of 4 departures")
        #expect(model.filterLabel == "Filter (2)")
        model.clearFilters()

        model.enterHighestPrice("30")
        #expect(model.highestPriceCurrency == "USD")
        #expect(model.visibleRows.map(\.id) == ["g2"])
        model.enterHighestPrice("3O")
        #expect(model.highestPriceProblem == "“3O” is not a price such as 52 or 52.50")
        #expect(model.highestPriceText == "3O")
        #expect(model.visibleRows.map(\.id) == ["g2"], "the last good limit stays while the text is refused")
        model.enterHighestPrice("")
        #expect(model.highestPriceProblem == nil)
        #expect(model.visibleRows.count == 4)
        #expect(!model.canClearFilters)
    }

    /// When the filters hide every departure found, the page says so with Clear filters, never
    /// "No departures".
    @Test func everyDepartureHiddenIsSaid() async {
        let model = makeModel()
        await searched(model)
        model.setTimeOfDay(.night, shown: true)
        #expect(model.visibleRows.isEmpty)
        #expect(model.screen == .empty(title: "All 4 departures are hidden by filters",
                                       message: "Change the filters, or press Clear filters to see every departure."))
        #expect(model.progress == "0 of 4 departures")
        #expect(model.canClearFilters)
    }

    /// Pages arriving under a filter are filtered as they come: the rows already shown stay, with
    /// the same values and in the same order, and the new ones are merged in around them; nothing
    /// already shown is made again or sorted again.
    @Test func pagesAreFilteredWithoutRemakingTheRowsShown() async {
        let model = makeModel()
        model.search()
        model.setOperator("Greyhound", shown: true)
        let first = [departure("g5", at: "15:00"), departure("m5", at: "16:00", operatorName: "Megabus"),
                     departure("g2", at: "08:00")]
        search.send(SearchSnapshot(phase: .searching, departures: first))
        await settle { model.rows.count == 3 }
        let shownBefore = model.visibleRows
        #expect(shownBefore.map(\.id) == ["g2", "g5"])
        #expect(model.progress == "Searching… 2 of 3 departures so far")

        let second = first + [departure("g1", at: "06:00"), departure("m2", at: "09:00", operatorName: "Megabus"),
                              departure("g9", at: "22:00")]
        search.send(SearchSnapshot(phase: .complete, departures: second))
        await settle { model.ending == .complete }
        let shownAfter = model.visibleRows
        #expect(shownAfter.map(\.id) == ["g1", "g2", "g5", "g9"])
        // The rows shown before are still there, equal and in their order: a store updating to
        // this list only inserts (`ListStore.insertions` finds all of the old in the new).
        #expect(shownAfter.filter { row in shownBefore.contains { $0.id == row.id } } == shownBefore)
        // Filtering is a pass over the sorted rows: it keeps their order and leaves the rows alone.
        #expect(shownAfter == model.rows.filter { model.filter.admits($0.source) })
        #expect(model.rows.map(\.id) == ["g1", "g2", "m2", "g5", "m5", "g9"])
        #expect(model.operatorCounts.map(\.label) == ["Greyhound (4)", "Megabus (2)"])
    }

    /// A new search clears the operators chosen (they were the last search's) and keeps the parts
    /// of the day and amenities; the highest price stays in the same currency and goes with
    /// another. Running the same search again keeps everything.
    @Test func aNewSearchClearsOperatorsOnly() async {
        let model = makeModel()
        await searched(model)
        model.setOperator("Megabus", shown: true)
        model.setTimeOfDay(.morning, shown: true)
        model.setAmenity(.toilet, required: true)
        model.enterHighestPrice("60")

        model.retry()
        #expect(model.filter.operators == ["Megabus"])

        model.date = LocalDate(year: 2016, month: 7, day: 30)
        model.search()
        #expect(model.filter.operators.isEmpty)
        #expect(model.filter.timesOfDay == [.morning])
        #expect(model.filter.amenities == [.toilet])
        #expect(model.filter.highestPrice == .init(minorUnits: 6000, currency: "USD"))
        #expect(model.highestPriceText == "60")

        model.currency = "EUR"
        model.search()
        #expect(model.filter.highestPrice == nil)
        #expect(model.highestPriceText == "")
        #expect(model.filter.timesOfDay == [.morning])
        #expect(model.highestPriceCurrency == "EUR")
    }
}

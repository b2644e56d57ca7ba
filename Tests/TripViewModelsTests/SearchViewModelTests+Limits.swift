import Foundation
import Testing
import TripCore
@testable import TripViewModels
import TestSupport

/// The Search form keeps to what services sell and says why a search found nothing bookable.
@MainActor
struct SearchLimitsTests {
    let search = ScriptedSearch()

    /// With today known, a past day and one further ahead than coaches are sold are refused beside
    /// the form, by the same rule as the command line's; today and a day within the year search.
    @Test func daysOutsideWhatIsSoldAreRefused() {
        let today = LocalDate(year: 2026, month: 11, day: 24)
        let model = SearchViewModel(searching: search, initial: .standard, today: { today })
        model.date = LocalDate(year: 2026, month: 11, day: 23)
        #expect(model.problem?.contains("is in the past") == true)
        #expect(!model.canSearch)
        model.date = LocalDate(year: 2027, month: 11, day: 25)
        #expect(model.problem?.contains("too far ahead") == true)
        model.date = today
        #expect(model.problem == nil)
        model.date = LocalDate(year: 2027, month: 6, day: 1)
        #expect(model.canSearch)
    }

    /// Every coach the service sent had fewer seats left than the party: said as such, not as
    /// departures that could not be read, nor as a day without coaches.
    @Test func noCoachWithRoomIsSaidAsSuch() async {
        let model = SearchViewModel(searching: search, initial: .standard)
        model.adults = 20
        model.search()
        var snapshot = SearchSnapshot(phase: .complete, tooFewSeats: 3, travellers: 20)
        snapshot.departures = []
        search.send(snapshot)
        await settle { model.ending == .complete }
        guard case .empty(let title, let message) = model.screen else {
            Issue.record("expected an empty state, got \(model.screen)")
            return
        }
        #expect(title == "No coach has room for 20 travellers")
        #expect(message.hasPrefix("All 3 coaches from New York to Montréal that day have fewer seats left."))
    }
}

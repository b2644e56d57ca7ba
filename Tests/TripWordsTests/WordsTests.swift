import Foundation
import Testing
import TripCore
import TripWords

/// The wording layer says each typed reason from TripCore in the words people have always read.
struct WordsTests {
    /// One plural rule, chosen by the count: 0 and 2 take the plural, 1 the singular (English).
    /// From 1,000 the digits are grouped as the locale writes them (the tests run in `en_GB`).
    @Test(arguments: [(0, "0 departures"), (1, "1 departure"), (2, "2 departures"), (999, "999 departures"),
                      (1000, "1,000 departures"), (10_000, "10,000 departures"), (-1234, "-1,234 departures")])
    func pluralIsChosenByTheCount(count: Int, expected: String) {
        #expect(ItemKind.departure.counted(count) == expected)
    }

    /// What could not be read is counted, with why the first could not be.
    @Test func leftOutSaysHowManyAndWhy() {
        #expect(LeftOut(count: 2, reason: .unreadableValue(at: ["1"])).sentence(.prediction)
            == "2 predictions could not be read (the first: unreadable value at 1)")
        #expect(LeftOut(count: 0, reason: nil).sentence(.deal) == nil)
        #expect(APIError.decoding(.nothingReadable(count: 2, of: .prediction, first: .unreadableValue(at: ["0"]))).sentence
            == "the service sent a response that could not be read: none of the 2 predictions the service sent could be read (the first: unreadable value at 0)")
    }

    /// Errors read as they did when TripCore wrote them.
    @Test func errorsReadAsBefore() {
        #expect(APIError.httpStatus(404).sentence == "the service answered HTTP 404")
        #expect(APIError.transport(.timedOut(seconds: 15)).sentence == "could not reach the service: no answer within 15 seconds")
        #expect(DecodingProblem.missingField("hasError", at: []).sentence == "no hasError in the response")
        #expect(DecodingProblem.missingField("Title", at: ["destinations", "4|7"]).sentence == "no Title in destinations.4|7")
        #expect(DecodingProblem.webPage.sentence
            == "it sent a web page instead of data, so the address may be wrong or something in between answered")
        #expect(ServiceRefusal.unknownStop("X", service: "TfL").sentence == "TfL knows no stop with the id “X”")
    }

    /// Settings refusals, and a fifth service's need said from its title and the setting's caption.
    @Test func settingProblemsReadAsBefore() {
        #expect(SettingProblem(key: .searchAdults, reason: .outOfRange(0...20)).sentence == "Choose 0 to 20 travellers.")
        #expect(SettingProblem(key: .refreshSeconds, reason: .outOfRange(10...600)).sentence
            == "Refresh every 10 to 600 seconds (10 s to 10 min).")
        #expect(SettingProblem(key: .timeLimitSeconds, reason: .outOfRange(5...120)).sentence == "Wait 5 to 120 seconds for an answer.")
        #expect(SettingProblem(key: .busbudSource, reason: .notOneOf(["demo", "live"])).sentence == "Choose demo or live.")
        #expect(SettingProblem(key: .busbudSource, reason: .neededWhenLive(service: "Coach search", missing: .busbudToken)).sentence
            == "Live coach search needs a Busbud token.")
        let key = SettingKey("metlink.api_key", caption: "Metlink API key", rule: .credential)
        #expect(SettingProblem(key: key, reason: .neededWhenLive(service: "Wellington buses", missing: key)).sentence
            == "Live Wellington buses need a Metlink API key.")
    }

    /// A connection test says what any service found, from the typed outcome.
    @Test func probeOutcomesAreSaid() {
        #expect(ProbeOutcome(found: .items(count: 1, of: .deal)).sentence(DealsProvider()) == "Connected: the deals service sent 1 deal.")
        #expect(ProbeOutcome(answerer: "TfL", found: .items(count: 5, of: .stop), near: "Oxford Circus").sentence(TfLProvider())
            == "Connected: TfL found 5 stops near Oxford Circus.")
        #expect(ProbeOutcome(answerer: "TramTracker", found: .deviceToken).sentence(TramTrackerProvider())
            == "Connected: TramTracker gave Tripboard a device token.")
    }

    /// Too few seats are counted with the travellers they were too few for.
    @Test func searchLeftOutCountsCoachesAndTravellers() {
        #expect(SearchSnapshot(phase: .complete, tooFewSeats: 1, travellers: 1).leftOutSentence == "1 coach with no seats left was left out")
        #expect(SearchSnapshot(phase: .complete, skipped: 2, skipReason: .notJSON, tooFewSeats: 3, travellers: 20).leftOutSentence
            == "2 departures could not be read (the first: not valid JSON); 3 coaches with too few seats left for 20 travellers were left out")
    }

    /// Durations, spoken and short.
    @Test func durations() {
        #expect(DurationText.spoken(minutes: 61) == "1 hour 1 minute")
        #expect(DurationText.spoken(minutes: 125) == "2 hours 5 minutes")
        #expect(DurationText.short(minutes: 485) == "8 h 05 min")
    }

    /// The window says a store notice plainly and keeps the file's name for its details; the
    /// command line still says it all in one line.
    @Test func storeNoticesKeepTheFileForTheDetails() {
        let notice = StoreNotice.movedAside(.notADatabase, file: "tripboard.sqlite.unreadable-2026-11-24T185931Z")
        #expect(!notice.summary.contains("unreadable-"))
        #expect(notice.details == "The file could not be read because it is not a database. "
            + "It is kept as tripboard.sqlite.unreadable-2026-11-24T185931Z in Tripboard’s data folder.")
        #expect(notice.sentence.contains("put that file aside as tripboard.sqlite.unreadable-"))
        #expect(StoreNotice.keptInMemory(.newerVersion).details == nil)
    }
}

import Foundation
import Testing
import TripCore

/// The one reading of an instant (TfL's times, `--now`, `TRIPBOARD_NOW`): a moment that is not on
/// the calendar or the clock is nil, never rolled over into another.
struct ISO8601InstantTests {
    /// The forms Tripboard reads, each to the instant it names.
    @Test(arguments: [
        ("2026-11-22T09:00:00Z", 1_795_338_000.0),
        ("2026-11-22T09:00:00", 1_795_338_000.0),
        ("2026-11-22T09:00Z", 1_795_338_000.0),
        ("2026-11-22T10:00:00+01:00", 1_795_338_000.0),
        ("2026-11-22T04:00:00-0500", 1_795_338_000.0),
        ("2026-11-22T09:00:00.250z", 1_795_338_000.25),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
    ])
    func readsWhatItShould(text: String, seconds: Double) {
        #expect(ISO8601Instant.parse(text)?.timeIntervalSince1970 == seconds)
    }

    /// Days and times that do not exist, fields of the wrong width, and anything after the zone.
    @Test(arguments: [
        "2026-02-30T12:00:00Z", "2025-02-29T12:00:00Z", "2026-11-22T25:00:00Z", "2026-11-22T24:00:00Z",
        "2026-11-22T09:60:00Z", "2026-11-22T09:00:60Z", "2026-11-22T9:00:00Z", "2026-11-22T009:00:00Z",
        "2026-11-22T09:0:00Z", "2026-11-22T09:00:00.Z", "2026-11-22T09:00:00+24:00", "2026-11-22T09:00:00+01:60",
        "2026-11-22T09:00:00+1", "2026-11-22T09:00:00 Z", "2026-11-22T09:00:00ZZ", "2026-11-22T09:00:00Z ",
        " 2026-11-22T09:00:00Z", "2026-11-22t09:00:00Z", "2026-11-22", "T09:00:00Z", "+2026-11-22T09:00:00Z",
        "2026-11-22T０9:00:00Z", "2026-11-22T09:00:00:00Z", "2026-11-22T-9:00:00Z", "",
    ])
    func refusesWhatIsNotAMoment(text: String) {
        #expect(ISO8601Instant.parse(text) == nil)
    }
}

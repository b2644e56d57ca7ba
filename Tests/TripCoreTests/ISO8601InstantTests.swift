import Foundation
import Testing
import TripCore

/// The one reading of an instant (TfL's times, `--now`, `TRIPBOARD_NOW`): a moment that is not on
/// the calendar or the clock is nil, never rolled over into another; a moment a person gives needs
/// a zone.
struct ISO8601InstantTests {
    /// The forms services send, each to the instant it names (one without a zone is UTC).
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
        #expect(throws: ISO8601Instant.Refusal.notAMoment) { try ISO8601Instant.moment(text) }
    }

    /// A moment a person gives (`--now`, `TRIPBOARD_NOW`) with "Z" or an offset: the instant `parse` reads.
    @Test(arguments: [
        "2026-11-22T09:00:00Z", "2026-11-22T09:00Z", "2026-11-22T10:00:00+01:00", "2026-11-22T04:00:00-0500",
        "2026-11-22T09:00:00.250z", "2026-11-22T20:00:00.000+11:00", "2026-11-22T09:00:00+00:00",
    ])
    func readsAMomentWithAZone(text: String) throws {
        let moment = try ISO8601Instant.moment(text)
        #expect(moment == ISO8601Instant.parse(text))
        #expect(abs(moment.timeIntervalSince1970 - 1_795_338_000) < 1)
    }

    /// A date and time without a zone names a different instant in every zone: a person's moment
    /// is refused for that reason, not read as UTC.
    @Test(arguments: ["2026-11-22T09:00:00", "2026-11-22T09:00", "2026-11-22T09:00:00.5", "2024-02-29T00:00:00"])
    func refusesAMomentWithoutAZone(text: String) {
        #expect(throws: ISO8601Instant.Refusal.noZone) { try ISO8601Instant.moment(text) }
    }

    /// `utcString` writes by arithmetic what the calendar says, to the second, from 1900 to 2200
    /// (leap days, centuries, instants before 1970 and within a second of midnight included), and
    /// `parse` reads it back to the same whole second.
    @Test func utcStringIsTheCalendarsUTC() {
        var random = SystemRandomNumberGenerator()
        let calendar = { var utc = Calendar(identifier: .gregorian); utc.timeZone = TimeZone(identifier: "UTC")!; return utc }()
        let instants = [-2_208_988_800.0, -1, -0.5, 0, 951_782_400, 951_868_799.9, 4_107_542_400, 1_795_338_000]
            + (0..<2000).map { _ in Double.random(in: -2_208_988_800...7_258_118_400, using: &random) }
        for seconds in instants {
            let instant = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year!, parts.month!, parts.day!,
                                  parts.hour!, parts.minute!, parts.second!)
            #expect(ISO8601Instant.utcString(instant) == expected, "\(seconds)")
            #expect(ISO8601Instant.parse(ISO8601Instant.utcString(instant))?.timeIntervalSince1970 == seconds.rounded(.down))
        }
    }
}

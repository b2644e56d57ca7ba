import Foundation
import Testing
import TripCore
import TripWords

/// What is said of answers shown from the cache.
struct OfflineWordsTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// 14:05 UTC.
    static let received = Date(timeIntervalSince1970: 1_779_977_100)

    /// The window's notice names what is shown, the time it arrived and its age.
    @Test(arguments: [
        (AnswerKind.deals, "Offline — showing deals from 14:05 (12 min ago)"),
        (.departures, "Offline — showing departures from 14:05 (12 min ago)"),
        (.arrivals, "Offline — showing arrivals from 14:05 (12 min ago)"),
    ] as [(AnswerKind, String)])
    func noticeSaysWhatAndHowOld(kind: AnswerKind, expected: String) {
        let kept = Kept((), kind: kind, received: Self.received)
        #expect(kept.notice(now: Self.received.addingTimeInterval(12 * 60 + 30), zone: Self.utc, format: ClockFormat.twentyFourHour) == expected)
    }

    /// The command line's one stderr line, on the 12-hour clock when that is the habit; a fresh age reads "just now".
    @Test func commandLineLineSaysTheSame() {
        let kept = Kept((), kind: .deals, received: Self.received)
        #expect(kept.commandLineNotice(now: Self.received.addingTimeInterval(12 * 60), zone: Self.utc, format: ClockFormat.twentyFourHour)
            == "offline: showing deals from 14:05 (12 min ago)")
        #expect(kept.commandLineNotice(now: Self.received.addingTimeInterval(20), zone: Self.utc, format: ClockFormat.twelveHour)
            == "offline: showing deals from 2:05 pm (just now)")
        #expect(Kept((), kind: .arrivals, received: Self.received)
            .commandLineNotice(now: Self.received.addingTimeInterval(2 * 3600 + 5 * 60), zone: Self.utc, format: ClockFormat.twentyFourHour)
            == "offline: showing arrivals from 14:05 (2 h 05 min ago)")
        // Past a day, whole days, plural-correct.
        #expect(Kept((), kind: .deals, received: Self.received)
            .commandLineNotice(now: Self.received.addingTimeInterval(86_400 + 3600), zone: Self.utc, format: ClockFormat.twentyFourHour)
            == "offline: showing deals from 14:05 (1 day ago)")
        #expect(Kept((), kind: .deals, received: Self.received)
            .commandLineNotice(now: Self.received.addingTimeInterval(3 * 86_400), zone: Self.utc, format: ClockFormat.twentyFourHour)
            == "offline: showing deals from 14:05 (3 days ago)")
    }

    /// Kept arrivals that have gone are counted, plural-correct; none gone says nothing; an old board says since when.
    @Test func keptArrivalsSayWhatWasDropped() {
        #expect(KeptArrivals.estimated(ArrivalsResult(arrivals: []), gone: 0).sentence(zone: Self.utc, format: ClockFormat.twentyFourHour) == nil)
        #expect(KeptArrivals.estimated(ArrivalsResult(arrivals: []), gone: 1).sentence(zone: Self.utc, format: ClockFormat.twentyFourHour)
            == "One arrival left out: its time has passed")
        #expect(KeptArrivals.estimated(ArrivalsResult(arrivals: []), gone: 3).sentence(zone: Self.utc, format: ClockFormat.twentyFourHour)
            == "3 arrivals left out: their time has passed")
        #expect(KeptArrivals.noRecentData(since: Self.received).sentence(zone: Self.utc, format: ClockFormat.twentyFourHour)
            == "No recent data since 14:05")
        #expect(KeptArrivals.estimatedMark == "estimated")
    }

    /// A damaged kept answer says where it went.
    @Test func damagedAnswerSaysWhereItWent() {
        #expect(CacheDamage.movedAside(file: "0a.answer.damaged", folder: "/tmp/c/answers").sentence
            == "An answer kept from earlier could not be read; it was moved aside as 0a.answer.damaged in /tmp/c/answers.")
        #expect(CacheDamage.unreadable(file: "0a.answer", why: "Permission denied").sentence
            == "An answer kept from earlier, 0a.answer, could not be read: Permission denied.")
    }
}

import Foundation
import Testing
import TripWords

/// A departure's zone reads as its own region writes it, not as an offset from GMT.
struct TimeZoneNameTests {
    /// 29 July 2016: summer in the north, winter in Melbourne.
    static let summer = Date(timeIntervalSince1970: 1_469_800_000)

    @Test(arguments: [("America/New_York", "EDT"), ("America/Toronto", "EDT"), ("America/Los_Angeles", "PDT"),
                      ("Europe/Paris", "CEST"), ("Europe/London", "BST"), ("Australia/Melbourne", "AEST"),
                      ("Asia/Tokyo", "GMT+9")])
    func eachZoneByItsOwnName(zone: String, name: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(timeZone.shortName(at: Self.summer) == name)
    }

    @Test func winterInNewYorkIsEST() throws {
        let january = Date(timeIntervalSince1970: 1_452_000_000)
        #expect(try #require(TimeZone(identifier: "America/New_York")).shortName(at: january) == "EST")
    }
}

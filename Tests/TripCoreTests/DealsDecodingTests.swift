import Foundation
import Testing
@testable import TripCore

struct DealsDecodingTests {
    /// The bare `HotelsByChildDestination` object of the published brief decodes, sorted by position.
    @Test func bareFormDecodesInPositionOrder() throws {
        let result = try DealsResult.decode(Fixture.data("deals-bare.json"), currency: "GBP")
        #expect(result.deals.map(\.title) == ["Canary Islands", "Majorca, Ibiza & Menorca", "<b>Bold</b> Isles", "Morocco"])
        #expect(result.deals.map(\.position) == [0, 1, 5, 12])
        #expect(result.skipped == 0)
        #expect(result.deals.allSatisfy { $0.currency == "GBP" })
    }

    /// MinPrice keeps every digit the service sent: 285.6316 is not rounded or turned into binary noise.
    @Test func minimumPriceKeepsServiceDecimal() throws {
        let result = try DealsResult.decode(Fixture.data("deals-bare.json"), currency: "GBP")
        let majorca = try #require(result.deals.first { $0.key == DealKey(type: 10, id: 10030) })
        #expect(majorca.minPrice == Decimal(string: "285.6316"))
        #expect(majorca.count == 39)
    }

    /// The wrapped form the real service sends decodes; malformed entries are skipped and counted.
    @Test func wrappedFormSkipsAndCountsMalformedEntries() throws {
        let result = try DealsResult.decode(Fixture.data("deals-wrapped-with-bad-entries.json"), currency: "EUR")
        #expect(result.deals.map(\.title) == ["Portugal & Algarve", "Malta"])
        #expect(result.skipped == 4)
        #expect(result.deals.first?.minPrice == 321)
        #expect(result.deals.first?.currency == "EUR")
    }

    /// A body that is not JSON at all is a decoding error, never a crash or an empty list.
    @Test func htmlBodyIsADecodingError() throws {
        #expect {
            try DealsResult.decode(Fixture.data("not-json.html"), currency: "GBP")
        } throws: { error in
            guard case APIError.decoding(let reason) = error else { return false }
            return reason.contains("not valid JSON")
        }
    }

    /// JSON without `HotelsByChildDestination` is a decoding error naming what is missing.
    @Test func missingDestinationsIsADecodingError() throws {
        #expect {
            try DealsResult.decode(Fixture.data("deals-missing-destinations.json"), currency: "GBP")
        } throws: { error in
            guard case APIError.decoding(let reason) = error else { return false }
            return reason.contains("HotelsByChildDestination")
        }
    }

    /// Bodies of the wrong shape give a decoding error.
    @Test(arguments: ["", "[]", "null", "{\"HotelsByChildDestination\": []}", "{\"Aggregates\": 3}"])
    func wrongShapesAreDecodingErrors(body: String) {
        #expect(throws: APIError.self) { try DealsResult.decode(Data(body.utf8), currency: "GBP") }
    }

    /// Each deal gets its picture address from the key.
    @Test func imageURLIsBuiltFromTheKey() throws {
        let template = ImageURLTemplate("https://img.example/d?type={type}&id={id}&w={width}&h={height}")
        let result = try DealsResult.decode(Fixture.data("deals-bare.json"), currency: "GBP") {
            template.url(for: $0, width: 240, height: 160)
        }
        #expect(result.deals.first?.imageURL?.absoluteString == "https://img.example/d?type=10&id=10031&w=240&h=160")
    }

    /// The real captured response (../shared/fixtures/deals) decodes whole, in the provider's order.
    @Test func realCapturedResponseDecodes() throws {
        guard let data = Fixture.shared("deals/testData.json") else { return }
        let result = try DealsResult.decode(data, currency: "GBP")
        #expect(result.deals.count == 9)
        #expect(result.skipped == 0)
        #expect(result.deals.first?.title == "Canary Islands")
        #expect(result.deals.map(\.position) == result.deals.map(\.position).sorted())
        #expect(result.deals.first { $0.title.hasPrefix("Majorca") }?.minPrice == Decimal(string: "285.6316"))
        #expect(result.deals.first { $0.title == "Cape Verde Islands" }?.minPrice == 1517)
    }
}

struct DealKeyTests {
    /// "type|id" parses into two integers; anything else is rejected.
    @Test(arguments: [
        ("4|3539", DealKey(type: 4, id: 3539)), ("10|10031", DealKey(type: 10, id: 10031)),
        (" 4 | 7 ", DealKey(type: 4, id: 7)),
    ])
    func parsesTypeAndID(text: String, expected: DealKey) {
        #expect(DealKey(text) == expected)
        #expect(DealKey(text)?.description == "\(expected.type)|\(expected.id)")
    }

    @Test(arguments: ["", "4", "4|", "|4", "a|b", "4|5|6", "4.5|6"])
    func rejectsMalformedKeys(text: String) {
        #expect(DealKey(text) == nil)
    }
}

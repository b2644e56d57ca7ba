import Foundation
import Testing
@testable import TripCore
import TripWords

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

    /// The wrapped form the real service sends decodes. An entry without a key, title or price is
    /// left out, counted, and the first reason kept; a mistyped hotel count only loses the count.
    @Test func wrappedFormSkipsAndCountsMalformedEntries() throws {
        let result = try DealsResult.decode(Fixture.data("deals-wrapped-with-bad-entries.json"), currency: "EUR")
        #expect(result.deals.map(\.title) == ["Wrong types", "Portugal & Algarve", "Malta"])
        #expect(result.deals.map(\.count) == [nil, 5, 57])
        #expect(result.skipped == 3)
        #expect(result.leftOut.reason?.sentence == "no Title in Aggregates.HotelsByChildDestination.4|1")
        #expect(result.deals[1].minPrice == 321)
        #expect(result.deals[1].currency == "EUR")
    }

    /// Each optional field in turn missing, null or mistyped keeps the deal; the deal without a
    /// position goes last.
    @Test(arguments: ["Count", "Position"])
    func optionalFieldsDegradeOnlyThemselves(field: String) throws {
        let values = ["", "\"\(field)\": null,", "\"\(field)\": {\"x\": 1},"]
        let entries = values.enumerated().map { index, value in
            let others = ["Count", "Position"].filter { $0 != field }.map { "\"\($0)\": 1," }.joined()
            return "\"4|\(index + 1)\": {\(value)\(others) \"Title\": \"T\(index)\", \"MinPrice\": 9.5}"
        }
        let body = "{\"HotelsByChildDestination\": {\(entries.joined(separator: ",")), \"4|9\": {\"Title\": \"First\", "
            + "\"MinPrice\": 1, \"Count\": 2, \"Position\": 0}}}"
        let result = try DealsResult.decode(Data(body.utf8), currency: "GBP")
        #expect(result.deals.count == 4 && result.skipped == 0, "\(field): \(result.leftOut)")
        #expect(result.deals.first?.title == "First")
    }

    /// Titles and prices are required: missing, null or mistyped, the deal is left out; when
    /// nothing at all can be read the answer is an error, never an empty list.
    @Test(arguments: ["Title", "MinPrice"])
    func requiredFieldsLeaveTheDealOutAndAllUnreadableIsAnError(field: String) throws {
        let good = "\"4|9\": {\"Title\": \"Good\", \"MinPrice\": 1, \"Count\": 2, \"Position\": 0}"
        let bad = ["", "\"\(field)\": null,", "\"\(field)\": {\"x\": 1},"].enumerated().map { index, value in
            let others = ["Title": "\"T\"", "MinPrice": "5"].filter { $0.key != field }.map { "\"\($0.key)\": \($0.value)," }.joined()
            return "\"4|\(index + 1)\": {\(value)\(others) \"Count\": 1}"
        }
        let mixed = try DealsResult.decode(Data("{\"HotelsByChildDestination\": {\(([good] + bad).joined(separator: ","))}}".utf8),
                                           currency: "GBP")
        #expect(mixed.deals.map(\.title) == ["Good"])
        #expect(mixed.leftOut.sentence(.deal)?.hasPrefix("3 deals could not be read (the first: ") == true)
        #expect {
            try DealsResult.decode(Data("{\"HotelsByChildDestination\": {\(bad.joined(separator: ","))}}".utf8), currency: "GBP")
        } throws: { error in
            guard case APIError.decoding(let problem) = error else { return false }
            let reason = problem.sentence
            return reason.hasPrefix("none of the 3 deals the service sent could be read")
        }
    }

    /// A body that is not JSON at all is a decoding error, never a crash or an empty list.
    @Test func htmlBodyIsADecodingError() throws {
        #expect {
            try DealsResult.decode(Fixture.data("not-json.html"), currency: "GBP")
        } throws: { error in
            guard case APIError.decoding(let problem) = error else { return false }
            let reason = problem.sentence
            return reason.contains("not valid JSON")
        }
    }

    /// JSON without `HotelsByChildDestination` is a decoding error naming what is missing.
    @Test func missingDestinationsIsADecodingError() throws {
        #expect {
            try DealsResult.decode(Fixture.data("deals-missing-destinations.json"), currency: "GBP")
        } throws: { error in
            guard case APIError.decoding(let problem) = error else { return false }
            let reason = problem.sentence
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
        let data = try Fixture.shared("deals/testData.json")
        let result = try DealsResult.decode(data, currency: "GBP")
        #expect(result.deals.count == 9)
        #expect(result.skipped == 0)
        #expect(result.deals.first?.title == "Canary Islands")
        #expect(result.deals.map { $0.position ?? .max } == result.deals.map { $0.position ?? .max }.sorted())
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

import Foundation
import Testing
@testable import TripDemo

struct DemoJSONTests {
    @Test func keepsEachKindOfValueAsItIs() throws {
        let built: [String: Any] = ["count": 3, "open": true, "shut": false, "lat": 51.5152, "name": "Oxford Circus",
                                    "none": NSNull(), "lines": ["12", "88"], "stops": [["id": 1]], "small": Int32(7)]
        let data = try #require(DemoJSON.data(built))
        let read = try #require(DemoJSON.object(in: data))
        #expect(read["count"] == .int(3))
        #expect(read["open"] == .bool(true))
        #expect(read["shut"] == .bool(false))
        #expect(read["lat"] == .double(51.5152))
        #expect(read["name"] == .string("Oxford Circus"))
        #expect(read["none"] == .null)
        #expect(read["lines"] == .array([.string("12"), .string("88")]))
        #expect(read["stops"] == .array([.object(["id": .int(1)])]))
        #expect(read["small"] == .int(7))
        // What other JSON readers make of it: the same values.
        let plain = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(plain["count"] as? Int == 3)
        #expect(plain["name"] as? String == "Oxford Circus")
    }

    @Test func writesKeysSortedSoTheSameAnswerIsTheSameBytes() throws {
        let data = try #require(DemoJSON.data(["b": 1, "a": ["d": 2, "c": 3], "$type": "x"]))
        #expect(String(decoding: data, as: UTF8.self) == #"{"$type":"x","a":{"c":3,"d":2},"b":1}"#)
        // By their bytes: capitals before small letters, a prefix first, then the accented, then others.
        let mixed = try #require(DemoJSON.data(["é": 1, "日": 4, "ab": 5, "a": 3, "Z": 2]))
        #expect(String(decoding: mixed, as: UTF8.self) == #"{"Z":2,"a":3,"ab":5,"é":1,"日":4}"#)
    }

    @Test func everyStringAndNumberReadsBackAsItWas() throws {
        struct Read: Decodable { var texts: [String]; var fractions: [Double]; var wholes: [Int] }
        let texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
            + ["é", "日本語", "🚌 73", "a/b", #""quoted""#, #"back\slash"#, "\u{7F}\u{2028}", ""]
        let fractions: [Double] = [0, -0.5, 3, -2, 51.5152, 1e-7, 1.5e300, 0.1, 9_007_199_254_740_993]
        let wholes = [Int.min, -1, 0, 7, Int.max]
        let data = try #require(DemoJSON.data(["texts": texts, "fractions": fractions, "wholes": wholes,
                                               "kinds": [UInt8(9), Float(0.25)] as [Any]]))
        let read = try JSONDecoder().decode(Read.self, from: data)
        #expect(read.texts == texts)
        #expect(read.fractions.map(\.bitPattern) == fractions.map(\.bitPattern))
        #expect(read.wholes == wholes)
        // A whole number is written without a fraction, so a reader of whole numbers takes it.
        #expect(String(decoding: data, as: UTF8.self).contains(#""kinds":[9,0.25]"#))
        #expect(String(decoding: DemoJSON.data([3.0, -2.0])!, as: UTF8.self) == "[3,-2]")
        // What other JSON readers make of it: the same strings.
        let plain = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(plain["texts"] as? [String] == texts)
    }

    @Test func aPageReadAndWrittenAgainIsTheSameBytes() throws {
        let data = try #require(DemoJSON.data(["complete": false, "departures": [["id": "a", "prices": ["total": 2150]]],
                                               "ratio": 0.5, "none": NSNull()] as [String: Any]))
        let page = try #require(DemoJSON.object(in: data))
        #expect(DemoJSON.data(page) == data)
    }

    @Test func refusesWhatJSONCannotSay() {
        #expect(DemoJSON.data(["when": Date()]) == nil)
        #expect(DemoJSON.data(["big": UInt64.max]) == nil)
        #expect(DemoJSON.data(["nan": Double.nan]) == nil)
        #expect(DemoJSON.object(in: Data("[1, 2]".utf8)) == nil)
        #expect(DemoJSON.object(in: Data("{\"cut\": ".utf8)) == nil)
    }
}

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
    }

    @Test func refusesWhatJSONCannotSay() {
        #expect(DemoJSON.data(["when": Date()]) == nil)
        #expect(DemoJSON.data(["big": UInt64.max]) == nil)
        #expect(DemoJSON.data(["nan": Double.nan]) == nil)
        #expect(DemoJSON.object(in: Data("[1, 2]".utf8)) == nil)
        #expect(DemoJSON.object(in: Data("{\"cut\": ".utf8)) == nil)
    }
}

import Foundation
import Testing
import TestSupport
import TripCore
import TripWords

/// The rule every client follows: an item is left out only when it lacks what its row cannot be
/// shown without; any other detail that is missing, null or of an unexpected type degrades only
/// itself. Each optional field is tried missing, null and of the wrong type in turn.
struct TolerantDecodingTests {
    /// One good departure, as Busbud spells it (made afresh for each use).
    static var departure: [String: Any] { [
        "id": "d1", "operator_id": "op1", "origin_location_id": 10, "destination_location_id": 20,
        "departure_time": "2026-11-23T09:30:00", "arrival_time": "2026-11-23T17:45:00",
        "departure_timezone": "America/New_York", "arrival_timezone": "America/Toronto", "duration": 495,
        "prices": ["total": 5200, "currency": "USD", "breakdown": ["base": 4800, "fees": 400, "taxes": 0, "discount": 0]],
        "available_seats": 12, "amenities": ["wifi": true, "toilet": true], "class_name": "Economy",
        "trip_stops": [["name": "Albany", "location_id": 30, "arrival_time": "2026-11-23T12:00:00",
                        "departure_time": "2026-11-23T12:10:00"]],
    ] }

    /// A field's value of the wrong type: text for numbers and objects, an object for text.
    static func wrongType(for value: Any) -> Any {
        value is String ? ["unexpected": true] : "unexpected"
    }

    static func page(_ departures: [[String: Any]]) throws -> DeparturesPage {
        let body: [String: Any] = [
            "cities": [], "locations": [["id": 10, "name": "Port Authority"], ["id": 20, "name": "Gare d'autocars"]],
            "operators": [["id": "op1", "name": "Greyhound"]], "departures": departures, "complete": true,
        ]
        return try DeparturesPage.decode(JSONSerialization.data(withJSONObject: body))
    }

    static let optional = ["operator_id", "origin_location_id", "destination_location_id", "departure_timezone",
                           "arrival_timezone", "duration", "available_seats", "amenities", "class_name", "trip_stops"]

    @Test(arguments: optional)
    func aMissingNullOrMistypedDetailKeepsTheDeparture(field: String) throws {
        var missing = Self.departure
        missing[field] = nil
        var null = Self.departure
        null[field] = NSNull()
        var mistyped = Self.departure
        mistyped[field] = Self.wrongType(for: Self.departure[field]!)
        let read = try Self.page([missing, null, mistyped].enumerated().map { index, item in
            var item = item
            item["id"] = "d\(index)"
            return item
        })
        #expect(read.departures.count == 3, "\(field): \(read.skipReason?.sentence ?? "")")
        #expect(read.skipped == 0)
    }

    @Test(arguments: ["currency", "breakdown"])
    func aMissingNullOrMistypedPriceDetailKeepsTheDeparture(field: String) throws {
        let variants: [Any?] = [nil, NSNull(), ["unexpected": true]]
        let departures = variants.enumerated().map { index, value in
            var item = Self.departure
            var prices = item["prices"] as! [String: Any]
            prices[field] = value
            item["prices"] = prices
            item["id"] = "d\(index)"
            return item
        }
        let read = try Self.page(departures)
        #expect(read.departures.count == 3 && read.skipped == 0, "\(field): \(read.skipReason?.sentence ?? "")")
    }

    /// Without an id, a time or a total there is no row to show: left out, counted, and said why.
    @Test(arguments: ["id", "departure_time", "arrival_time", "prices"])
    func withoutWhatARowNeedsTheDepartureIsLeftOutAndSaid(field: String) throws {
        var broken = Self.departure
        broken[field] = nil
        broken["id"] = field == "id" ? nil : "broken"
        let read = try Self.page([Self.departure, broken])
        #expect(read.departures.map(\.id) == ["d1"])
        #expect(read.skipped == 1)
        let reason = try #require(read.skipReason?.sentence)
        #expect(reason.contains("departures.1"), "the reason says which: \(reason)")
    }

    /// The report that started this: six good departures with one detail the decoder did not expect.
    @Test func sixDeparturesWithAnUnexpectedDetailAreAllShown() throws {
        let departures = (1...6).map { number -> [String: Any] in
            var item = Self.departure
            item["id"] = "d\(number)"
            item["amenities"] = ["wifi", "toilet"]           // a list where flags were expected
            item["trip_stops"] = [["name": NSNull()], ["name": "Albany"]]
            item["available_seats"] = "plenty"
            return item
        }
        let read = try Self.page(departures)
        #expect(read.departures.count == 6)
        #expect(read.departures[0].tripStops?.map(\.name) == ["Albany"], "a stop without a name is left out of the stops only")
        #expect(read.departures[0].availableSeats == nil)
    }

    /// Digits sent as text are read; negative seats or durations are not believed.
    @Test func numbersAsTextAreReadAndNonsenseIsNot() throws {
        var item = Self.departure
        item["prices"] = ["total": "5200"]
        item["duration"] = -5
        item["available_seats"] = "7"
        let read = try Self.page([item])
        #expect(read.departures.first?.prices.total == 5200)
        #expect(read.departures.first?.duration == nil)
        #expect(read.departures.first?.availableSeats == 7)
    }

    /// What a search gathered says how many it left out, and the first reason.
    @Test func theSnapshotSaysWhatWasLeftOut() throws {
        var broken = Self.departure
        broken["prices"] = nil
        broken["id"] = "x"
        var gathering = SearchGathering(query: DepartureQuery.standard)
        gathering.add(try Self.page([Self.departure, broken, broken]))
        let snapshot = gathering.snapshot(.complete)
        #expect(snapshot.departures.count == 1)
        #expect(snapshot.leftOutSentence == "2 departures could not be read (the first: no prices in departures.1)")
    }
}

/// The same rule for London's and Melbourne's arrivals: a route and a time are required, every
/// other field degrades only itself, and an answer none of whose predictions can be read is an
/// error, never "no buses due".
struct TolerantArrivalsTests {
    static func tfl(_ predictions: [[String: Any]]) async throws(APIError) -> ArrivalsResult {
        let body = try! JSONSerialization.data(withJSONObject: predictions)
        let client = TfLClient(transport: ScriptedTransport([.success(HTTPResponse(status: 200, body: body))]),
                               baseURL: URL(string: "https://api.example/tfl")!)
        return try await client.arrivals(at: "490000173OE")
    }

    static var prediction: [String: Any] {
        ["lineName": "73", "destinationName": "Stoke Newington", "towards": "Oxford Circus", "vehicleId": "LX12DFP",
         "platformName": "OE", "expectedArrival": "2026-11-22T09:05:00Z", "timeToStation": 300,
         "timestamp": "2026-11-22T09:00:00Z"]
    }

    @Test(arguments: ["destinationName", "towards", "vehicleId", "platformName", "timeToStation", "timestamp"])
    func aTfLDetailMissingNullOrMistypedKeepsTheArrival(field: String) async throws {
        let variants: [Any?] = [nil, NSNull(), ["unexpected": true]]
        let result = try await Self.tfl(variants.map { value in
            var item = Self.prediction
            item[field] = value
            return item
        })
        #expect(result.arrivals.count == 3 && result.skipped == 0, "\(field): \(result.leftOut)")
    }

    @Test func aTfLPredictionWithoutRouteOrTimeIsLeftOutAndSaid() async throws {
        var noRoute = Self.prediction
        noRoute["lineName"] = NSNull()
        var noTime = Self.prediction
        noTime["expectedArrival"] = "soon"
        noTime["timeToStation"] = nil
        let result = try await Self.tfl([Self.prediction, noRoute, noTime])
        #expect(result.arrivals.count == 1)
        #expect(result.leftOut.sentence(.prediction) == "2 predictions could not be read (the first: unreadable value at 1)")
        await #expect(throws: APIError.decoding(.nothingReadable(count: 2, of: .prediction, first: .unreadableValue(at: ["0"])))) {
            _ = try await Self.tfl([noRoute, noTime])
        }
    }

    static func trams(_ items: String) async throws(APIError) -> ArrivalsResult {
        let token = #"{"hasError":false,"hasResponse":true,"responseObject":[{"DeviceToken":"T1"}]}"#
        let body = #"{"errorMessage":null,"hasError":false,"hasResponse":true,"responseObject":["# + items + "]}"
        let transport = ScriptedTransport([token, body].map { .success(HTTPResponse(status: 200, body: Data($0.utf8))) })
        return try await TramTrackerClient(transport: transport, baseURL: URL(string: "http://tt.example/RS")!)
            .predictions(stop: "4055", route: "78")
    }

    @Test(arguments: ["Destination", "VehicleNo", "HasDisruption", "DisruptionMessage", "HasSpecialEvent", "SpecialEventMessage"])
    func aTramDetailMissingNullOrMistypedKeepsTheTram(field: String) async throws {
        let good = #""RouteNo":"78","PredictedArrivalDateTime":"/Date(1795000500000+1100)/""#
        let items = ["", #""\#(field)":null,"#, #""\#(field)":{"x":[1]},"#].map { "{" + $0 + good + "}" }
        let result = try await Self.trams(items.joined(separator: ","))
        #expect(result.arrivals.count == 3 && result.skipped == 0, "\(field): \(result.leftOut)")
    }

    @Test func aTramWithoutRouteOrTimeIsLeftOutAndAllUnreadableIsAnError() async throws {
        let good = #"{"RouteNo":"78","PredictedArrivalDateTime":"/Date(1795000500000+1100)/"}"#
        let bad = [#"{"RouteNo":null,"PredictedArrivalDateTime":"/Date(1795000500000+1100)/"}"#,
                   #"{"RouteNo":"78","PredictedArrivalDateTime":"tomorrow"}"#]
        let result = try await Self.trams(([good] + bad).joined(separator: ","))
        #expect(result.arrivals.count == 1 && result.skipped == 2)
        await #expect(throws: APIError.self) { _ = try await Self.trams(bad.joined(separator: ",")) }
    }
}

import Foundation

/// One prediction of `/StopPoint/{id}/Arrivals`. Only the route and a time are required (without
/// them it cannot be read); every other field is a detail that may be missing or odd without
/// losing the arrival.
struct TfLPrediction: Decodable {
    var arrival: Arrival

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: AnyKey.self)
        let line = fields.lenientText(AnyKey("lineName")) ?? fields.lenientText(AnyKey("lineId"))
        var expected = fields.lenientText(AnyKey("expectedArrival")).flatMap(ISO8601Instant.parse)
        if expected == nil, let seconds = fields.lenientInt(AnyKey("timeToStation")),
           let sent = fields.lenientText(AnyKey("timestamp")).flatMap(ISO8601Instant.parse) {
            expected = sent.addingTimeInterval(TimeInterval(seconds))
        }
        guard let line, !line.isEmpty, let expected else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "lineName, expectedArrival"))
        }
        func detail(_ key: String) -> String? {
            fields.lenientText(AnyKey(key)).flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        arrival = Arrival(line: line, destination: detail("destinationName") ?? "",
                          towards: detail("towards"), vehicle: detail("vehicleId"),
                          stopLetter: detail("platformName").flatMap { $0 == "null" ? nil : $0 },
                          expected: expected)
    }
}

/// A `StopPoint`: a lettered stop, or an area or station whose stops are among its `children`.
struct TfLStopPoint: Decodable {
    var id: String?
    var name: String?
    var letter: String?
    var stopType: String?
    var coordinate: Coordinate?
    var lines: [String]
    var distance: Double?
    var children: [TfLStopPoint]

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: AnyKey.self)
        id = fields.lenientText(AnyKey("naptanId")) ?? fields.lenientText(AnyKey("id"))
        name = fields.lenientText(AnyKey("commonName")) ?? fields.lenientText(AnyKey("name"))
        let indicator = fields.lenientText(AnyKey("indicator"))
        letter = fields.lenientText(AnyKey("stopLetter")).flatMap { $0.isEmpty ? nil : $0 }
            ?? indicator.flatMap { $0.hasPrefix("Stop ") ? String($0.dropFirst(5)) : nil }
        stopType = fields.lenientText(AnyKey("stopType"))
        if let lat = fields.lenientDouble(AnyKey("lat")), let lon = fields.lenientDouble(AnyKey("lon")) {
            let point = Coordinate(latitude: lat, longitude: lon)
            coordinate = point.isValid ? point : nil
        }
        lines = (fields.lenient([Lossy<TfLLine>].self, AnyKey("lines")) ?? []).compactMap { $0.value?.name }
        distance = fields.lenientDouble(AnyKey("distance"))
        children = (fields.lenient([Lossy<TfLStopPoint>].self, AnyKey("children")) ?? []).compactMap(\.value)
    }

    /// Whether this is a stop a bus calls at, rather than an area grouping stops.
    var isStop: Bool {
        stopType == "NaptanPublicBusCoachTram" || (stopType == nil && children.isEmpty && letter != nil)
    }

    /// This stop, or the stops somewhere below this area, in the service's order.
    var stops: [TfLStopPoint] {
        isStop ? [self] : children.flatMap(\.stops)
    }

    /// As a `TransitStop`; nil without an id or a name, which no row can be shown without.
    var transitStop: TransitStop? {
        guard let id, !id.isEmpty, let name, !name.isEmpty else { return nil }
        return TransitStop(provider: TfLProvider(), stopID: id, name: name, letter: letter, coordinate: coordinate,
                           lines: lines, distance: distance)
    }
}

struct TfLLine: Decodable {
    var name: String?

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: AnyKey.self)
        name = fields.lenientText(AnyKey("name")) ?? fields.lenientText(AnyKey("id"))
    }
}

/// `/StopPoint/Search/{text}`: matches that are often areas or stations.
struct TfLSearchResponse: Decodable {
    struct Match: Decodable {
        var id: String?
        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: AnyKey.self).lenientText(AnyKey("id"))
        }
    }
    var matches: [Match]

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: AnyKey.self)
        matches = try fields.decode([Lossy<Match>].self, forKey: AnyKey("matches")).compactMap(\.value)
    }
}

/// `/StopPoint?lat=&lon=…`: a `StopPointsResponse`.
struct TfLStopPointsResponse: Decodable {
    var stopPoints: [TfLStopPoint]

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: AnyKey.self)
        stopPoints = try fields.decode([Lossy<TfLStopPoint>].self, forKey: AnyKey("stopPoints")).compactMap(\.value)
    }
}

import Foundation
import TripCore

/// Answers TfL Unified API requests from the demo's London data, with arrivals that follow the
/// clock: each route at each stop runs on its own headway and phase, so buses count down, arrive
/// and give way to the next between refreshes, the same at any moment on any machine.
struct TfLSimulator {
    let london: DemoLondon
    let now: Date

    /// How far ahead arrivals are predicted, as TfL's countdown does.
    static let horizon: TimeInterval = 30 * 60

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let segments = request.url.decodedPathSegments else {
            return .tflError(400, "The request path is not valid percent-encoded UTF-8.")
        }
        switch segments.count {
        case 1: return near(request.url)
        case 2: return stopPoint(segments[1])
        case 3 where segments[1] == "Search": return search(segments[2])
        case 3 where segments[2] == "Arrivals": return arrivals(segments[1])
        default: return .tflError(404, "The following endpoint is not recognised: \(request.url.path)")
        }
    }

    // MARK: - Arrivals

    func arrivals(_ id: String) -> HTTPResponse {
        guard let stop = london.allStops.first(where: { $0.id == id }) else {
            return .tflError(404, "The following stop point is not recognised: \(id)")
        }
        var predictions: [(order: UInt64, fields: [String: Any])] = []
        let sent = ISO8601Instant.utcString(now)
        for (line, destination) in stop.lines {
            let headway = (london.headways[line] ?? 10) * 60
            let seed = Int(truncatingIfNeeded: StableHash.fnv1a("\(stop.id)|\(line)"))
            let phase = StableHash.mix(seed) % headway
            let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
            let first = (nowSeconds - 120 - phase) / headway
            for trip in first...(first + Int(Self.horizon) / headway + 2) {
                let jitter = StableHash.mix(seed &+ trip) % 121 - 60
                let expected = trip * headway + phase + jitter
                let seconds = expected - nowSeconds
                guard seconds >= 0, TimeInterval(seconds) <= Self.horizon else { continue }
                let predictionID = String(StableHash.mix(seed ^ trip))
                predictions.append((StableHash.fnv1a(predictionID), [
                    "$type": "Tfl.Api.Presentation.Entities.Prediction, Tfl.Api.Presentation.Entities",
                    "id": predictionID,
                    "operationType": 1,
                    "vehicleId": plate(line: line, trip: trip),
                    "naptanId": stop.id,
                    "stationName": stop.name,
                    "lineId": line.lowercased(),
                    "lineName": line,
                    "platformName": stop.letter,
                    "direction": "outbound",
                    "destinationName": destination,
                    "timestamp": sent,
                    "timeToStation": seconds,
                    "currentLocation": "",
                    "towards": stop.towards,
                    "expectedArrival": ISO8601Instant.utcString(Date(timeIntervalSince1970: TimeInterval(expected))),
                    "modeName": "bus",
                ]))
            }
        }
        // TfL sends predictions in no particular order; so does the demo (stably, for reproducible tests).
        predictions.sort { $0.order < $1.order }
        return .json(predictions.map(\.fields))
    }

    /// The letters of a number plate's last three.
    private static let plateLetters = Array("ABCDEFGHJKLMNOPRSTUVWXYZ")

    /// A London-style number plate ("LX12DFP") that stays with one bus on one trip.
    private func plate(line: String, trip: Int) -> String {
        let letters = Self.plateLetters
        var value = StableHash.mix(Int(truncatingIfNeeded: StableHash.fnv1a("plate|\(line)|\(trip)")))
        func next(_ count: Int) -> Int {
            defer { value /= count }
            return value % count
        }
        let prefix = ["LX", "LJ", "LT", "YX", "SN", "BV"][next(6)]
        let year = [12, 13, 15, 16, 17, 18, 19, 62, 65, 66, 67, 68, 69, 70][next(14)]
        return prefix + String(year) + String((0..<3).map { _ in letters[next(letters.count)] })
    }

    // MARK: - Stops

    func stopPoint(_ id: String) -> HTTPResponse {
        if let area = london.areas.first(where: { $0.id == id }) {
            return .json([
                "$type": "Tfl.Api.Presentation.Entities.StopPoint, Tfl.Api.Presentation.Entities",
                "naptanId": area.id, "commonName": area.name, "stopType": "NaptanOnstreetBusCoachStopCluster",
                "lat": area.lat, "lon": area.lon, "modes": ["bus"],
                "lines": lines(Set(area.stops.flatMap(\.lines.keys))),
                "children": area.stops.map { stopJSON($0) },
            ])
        }
        if let stop = london.allStops.first(where: { $0.id == id }) {
            return .json(stopJSON(stop))
        }
        return .tflError(404, "The following stop point is not recognised: \(id)")
    }

    func search(_ text: String) -> HTTPResponse {
        let wanted = Self.folded(text)
        var matches: [[String: Any]] = []
        func match(_ id: String, _ name: String, _ lat: Double, _ lon: Double) {
            matches.append(["$type": "Tfl.Api.Presentation.Entities.MatchedStop, Tfl.Api.Presentation.Entities",
                            "id": id, "name": name, "lat": lat, "lon": lon, "modes": ["bus"], "topMostParentId": id])
        }
        // A text of punctuation alone names nothing (it would be found in every name).
        for area in london.areas where !wanted.isEmpty {
            if Self.folded(area.name).contains(wanted) || area.stops.contains(where: { Self.folded($0.name).contains(wanted) }) {
                match(area.id, area.name, area.lat, area.lon)
            }
        }
        for stop in london.stops where (!wanted.isEmpty && Self.folded(stop.name).contains(wanted)) || stop.id == text {
            match(stop.id, stop.name, stop.lat, stop.lon)
        }
        return .json(["$type": "Tfl.Api.Presentation.Entities.SearchResponse, Tfl.Api.Presentation.Entities",
                      "query": text, "total": matches.count, "matches": matches])
    }

    func near(_ url: URL) -> HTTPResponse {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> Double? { items.first { $0.name == name }?.value.flatMap(Double.init) }
        let radius = value("radius") ?? 200
        guard let lat = value("lat"), let lon = value("lon"),
              Coordinate(latitude: lat, longitude: lon).isValid, radius > 0
        else {
            return .tflError(400, "The request is invalid: lat and lon must be a point on the globe and radius positive.")
        }
        let centre = Coordinate(latitude: lat, longitude: lon)
        let found = london.allStops
            .map { ($0, centre.distance(to: Coordinate(latitude: $0.lat, longitude: $0.lon))) }
            .filter { $0.1 <= radius }
            .sorted { $0.1 < $1.1 }
        return .json(["$type": "Tfl.Api.Presentation.Entities.StopPointsResponse, Tfl.Api.Presentation.Entities",
                      "centrePoint": [lat, lon], "pageSize": 0, "total": found.count, "page": 0,
                      "stopPoints": found.map { stopJSON($0.0, distance: $0.1) }])
    }

    private func stopJSON(_ stop: DemoLondon.Stop, distance: Double? = nil) -> [String: Any] {
        var json: [String: Any] = [
            "$type": "Tfl.Api.Presentation.Entities.StopPoint, Tfl.Api.Presentation.Entities",
            "naptanId": stop.id, "commonName": stop.name, "indicator": "Stop \(stop.letter)", "stopLetter": stop.letter,
            "stopType": "NaptanPublicBusCoachTram", "lat": stop.lat, "lon": stop.lon, "modes": ["bus"],
            "lines": lines(Set(stop.lines.keys)), "children": [],
        ]
        if let distance { json["distance"] = (distance * 10).rounded() / 10 }
        return json
    }

    /// Routes in the order people list them: by number, then letters.
    private func lines(_ names: Set<String>) -> [[String: Any]] {
        names.sorted { $0.compare($1, options: .numeric) == .orderedAscending }.map {
            ["$type": "Tfl.Api.Presentation.Entities.Identifier, Tfl.Api.Presentation.Entities",
             "id": $0.lowercased(), "name": $0, "type": "Line"]
        }
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .filter { $0.isLetter || $0.isNumber || $0 == " " }
    }
}

extension HTTPResponse {
    static func json(_ object: Any) -> HTTPResponse {
        let body = DemoJSON.data(object) ?? Data()
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// An error as TfL words it: its `ApiError` object, with the status.
    static func tflError(_ status: Int, _ message: String) -> HTTPResponse {
        var response = json(["$type": "Tfl.Api.Presentation.Entities.ApiError, Tfl.Api.Presentation.Entities",
                             "httpStatusCode": status, "message": message])
        response.status = status
        return response
    }
}

import Foundation
import TripCore

/// Answers TramTracker requests for the shipped tram stops: device tokens that expire, and
/// predictions generated from the clock, every answer in the service's envelope with its
/// `/Date(ms+offset)/` dates.
struct TramTrackerSimulator {
    let now: Date

    /// Where the demo's TramTracker answers, as the live service's path.
    static let path = TramTrackerClient.liveBaseURL.path
    /// How long a demo device token is accepted.
    static let tokenLifetime: TimeInterval = 15 * 60
    /// Minutes between trams, by route (route 78 runs less often than the city routes).
    static let headways = ["78": 12, "70": 10, "109": 8]
    /// The demo's standing disruption, by route: a delay, which agrees with the trams it still predicts.
    static let disruptions = ["16": "Route 16 trams are running up to 10 minutes late after a breakdown on St Kilda Rd."]
    /// Route 70 passes Melbourne Park: extra trams on event evenings (from 4 pm Melbourne time).
    static let eveningEvents = ["70": "Extra route 70 trams run to and from Melbourne Park before and after tonight’s event."]
    /// How much more often a route runs while its event notice says extra trams run.
    static let eventFrequency = 2

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let segments = request.url.path.dropFirst(Self.path.count).split(separator: "/").map(String.init)
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        switch segments.first {
        case "GetDeviceToken":
            let minute = Int(now.timeIntervalSince1970 / 60)
            return .envelope([["__type": "AddDeviceTokenInfo", "DeviceToken": "demo-\(minute)"]])
        case "GetNextPredictedRoutesCollection" where segments.count >= 3:
            guard let token = value("tkn"), isValid(token) else {
                return .envelope(error: "Invalid or expired device token. Request a new token.")
            }
            return predictions(stop: segments[1], route: segments[2])
        default:
            return .json(status: 404, ["error": "no such endpoint: \(request.url.path)"])
        }
    }

    /// A token from the last quarter of an hour (by the demo's clock) is good.
    func isValid(_ token: String) -> Bool {
        guard token.hasPrefix("demo-"), let minute = Double(token.dropFirst(5)) else { return false }
        let age = now.timeIntervalSince1970 - minute * 60
        return age >= -60 && age < Self.tokenLifetime
    }

    func predictions(stop id: String, route: String) -> HTTPResponse {
        guard let stop = KnownTramStops.all.first(where: { $0.stopID == id }) else {
            return .envelope(error: "Stop \(id) is not a valid TramTracker stop.")
        }
        let routes = route == "0" ? stop.lines : stop.lines.filter { $0 == route }
        guard !routes.isEmpty else { return .envelope(nil) }
        let destination = stop.direction.map { $0.hasPrefix("towards ") ? String($0.dropFirst(8)) : $0 } ?? "City"
        let nowSeconds = Int(now.timeIntervalSince1970)
        let hour = Calendar.gregorian(in: TramTrackerProvider.timeZone).component(.hour, from: now)
        var trams: [[String: Any]] = []
        for line in routes {
            let disruption = Self.disruptions[line]
            let event = hour >= 16 ? Self.eveningEvents[line] : nil
            // The extra trams the event notice announces are in the predictions too.
            let headway = (Self.headways[line] ?? 6) * 60 / (event == nil ? 1 : Self.eventFrequency)
            let seed = Int(truncatingIfNeeded: StableHash.fnv1a("tram|\(stop.stopID)|\(line)"))
            let phase = StableHash.mix(seed) % headway
            let first = (nowSeconds - phase) / headway
            // TramTracker predicts the next three trams of each route.
            for trip in first...(first + 4) {
                let expected = trip * headway + phase + StableHash.mix(seed &+ trip) % 91 - 45
                guard expected >= nowSeconds, trams.filter({ $0["RouteNo"] as? String == line }).count < 3 else { continue }
                trams.append([
                    "__type": "NextPredictedRoutesCollectionInfo",
                    "AirConditioned": true, "Destination": destination, "DisplayAC": false,
                    "DisruptionMessage": ["DisplayType": "Text", "MessageCount": disruption == nil ? 0 : 1,
                                          "Messages": disruption.map { [$0] } ?? []],
                    "HasDisruption": disruption != nil, "HasSpecialEvent": event != nil, "HeadBoardRouteNo": line,
                    "InternalRouteNo": Int(line) ?? 0, "IsLowFloorTram": trip.isMultiple(of: 2), "IsTTAvailable": true,
                    "PredictedArrivalDateTime": Self.dotNetDate(Date(timeIntervalSince1970: TimeInterval(expected))),
                    "RouteNo": line, "SpecialEventMessage": event ?? "", "TripID": 0,
                    "VehicleNo": 3000 + StableHash.mix(seed ^ trip) % 600,
                ])
            }
        }
        return .envelope(trams)
    }

    /// "/Date(1425407340000+1100)/": milliseconds in UTC, and Melbourne's offset at that moment.
    static func dotNetDate(_ instant: Date) -> String {
        let offset = TramTrackerProvider.timeZone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let hours = abs(offset) / 3600
        let minutes = abs(offset) % 3600 / 60
        return "/Date(\(Int64(instant.timeIntervalSince1970 * 1000))\(sign)" + String(format: "%02d%02d", hours, minutes) + ")/"
    }
}

extension HTTPResponse {
    /// TramTracker's envelope around `items` (nil: `hasResponse: false`), or around an error inside a 200.
    static func envelope(_ items: [[String: Any]]?, error: String? = nil) -> HTTPResponse {
        json(["errorMessage": error ?? NSNull(), "hasError": error != nil, "hasResponse": items != nil,
              "responseObject": items ?? NSNull()] as [String: Any])
    }

    static func envelope(error: String) -> HTTPResponse {
        envelope(nil, error: error)
    }
}

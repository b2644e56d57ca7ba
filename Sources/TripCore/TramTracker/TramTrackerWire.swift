import Foundation

/// Every TramTracker answer: `{errorMessage, hasError, hasResponse, responseObject}`.
/// `hasError: true` inside an HTTP 200 is the service's own error; `hasResponse: false` is an
/// empty answer, not a failure.
struct TramTrackerEnvelope<Item: Decodable>: Decodable {
    var hasError: Bool
    var errorMessage: String?
    var hasResponse: Bool
    /// Readable items, and what could not be read.
    var items: [Item]
    var leftOut = LeftOut(count: 0, reason: nil)

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: AnyKey.self)
        hasError = try fields.decode(Bool.self, forKey: AnyKey("hasError"))
        errorMessage = fields.lenientText(AnyKey("errorMessage"))
        hasResponse = fields.lenient(Bool.self, AnyKey("hasResponse")) ?? true
        if hasError || !hasResponse || (try? fields.decodeNil(forKey: AnyKey("responseObject"))) != false {
            items = []
            return
        }
        let lossy: [Lossy<Item>]
        if let list = try? fields.decode([Lossy<Item>].self, forKey: AnyKey("responseObject")) {
            lossy = list
        } else {
            // A lone object where a list is usual.
            lossy = [try fields.decode(Lossy<Item>.self, forKey: AnyKey("responseObject"))]
        }
        let read = lossy.readable()
        items = read.values
        leftOut = LeftOut(count: read.skipped, reason: read.reason)
    }
}

/// One coming tram of `GetNextPredictedRoutesCollection`. Only the route and the time are required;
/// its disruption and special-event messages come along when the service flags them (or sends
/// them without a flag), and anything unreadable in them is left out.
struct TramPrediction: Decodable {
    var arrival: Arrival

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: AnyKey.self)
        let route = fields.lenientText(AnyKey("HeadBoardRouteNo")).flatMap { $0.isEmpty ? nil : $0 }
            ?? fields.lenientText(AnyKey("RouteNo"))
        guard let route, !route.isEmpty,
              let predicted = fields.lenientText(AnyKey("PredictedArrivalDateTime")).flatMap(DotNetDate.parse)
        else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "RouteNo, PredictedArrivalDateTime")) }
        arrival = Arrival(line: route, destination: fields.lenientText(AnyKey("Destination")) ?? "",
                          vehicle: fields.lenientText(AnyKey("VehicleNo")), expected: predicted,
                          notices: Self.notices(fields))
    }

    private static func notices(_ fields: KeyedDecodingContainer<AnyKey>) -> [StopNotice] {
        var notices: [StopNotice] = []
        func add(_ kind: StopNotice.Kind, _ text: String?) {
            guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return }
            let notice = StopNotice(kind: kind, text: text)
            if !notices.contains(notice) { notices.append(notice) }
        }
        if fields.lenient(Bool.self, AnyKey("HasDisruption")) != false,
           let disruption = try? fields.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("DisruptionMessage")),
           let messages = disruption.lenient([Lossy<String>].self, AnyKey("Messages")) {
            for message in messages { add(.disruption, message.value) }
        }
        if fields.lenient(Bool.self, AnyKey("HasSpecialEvent")) != false {
            add(.specialEvent, fields.lenientText(AnyKey("SpecialEventMessage")))
        }
        return notices
    }
}

/// `GetDeviceToken`'s answer.
struct TramTrackerToken: Decodable {
    var token: String

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: AnyKey.self)
        guard let token = fields.lenientText(AnyKey("DeviceToken")), !token.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "DeviceToken"))
        }
        self.token = token
    }
}

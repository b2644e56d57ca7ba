import Foundation
import TripCore

/// The built-in demo: simulates the services Tripboard talks to, with realistic, time-aware data.
///
/// It answers `HTTPRequest`s directly, so the window uses it in-process through `DemoTransport`,
/// and `DemoHTTPServer` puts the very same answers on 127.0.0.1 over real HTTP.
public struct DemoService: Sendable {
    public let faults: FaultPlan
    let now: @Sendable () -> Date

    public init(faults: FaultPlan = FaultPlan(), now: @escaping @Sendable () -> Date = Date.init) {
        self.faults = faults
        self.now = now
    }

    /// Answers one request. Never throws: every problem is an HTTP status with a JSON error body.
    /// (A `dropped` answer comes whole here; `answer(to:)` says where its connection breaks.)
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        await answer(to: request).response
    }

    /// The answer to one request, with where a `dropped` fault cuts its connection.
    public func answer(to request: HTTPRequest) async -> DemoAnswer {
        let path = request.url.path
        guard let segments = request.url.decodedPathSegments else {
            return DemoAnswer(.json(status: 400, ["error": "the path is not valid percent-encoded UTF-8"]))
        }
        guard let route = Self.route(request.method, segments) else {
            return DemoAnswer(.json(status: 404, ["error": "no such endpoint: \(request.method.rawValue) \(path)"]))
        }
        let fault = faults.nextFault(for: route)
        if let fault, let injected = await inject(fault, route: route) {
            return DemoAnswer(injected)
        }
        let normal = normalAnswer(to: request, route: route)
        guard let fault, normal.status == 200 else { return DemoAnswer(normal) }
        return Self.alter(normal, by: fault, route: route)
    }

    /// Which simulated API answers a request, from its path split before decoding (a stop named
    /// "… / Arrivals" is still a stop search); nil for a path no API has.
    static func route(_ method: HTTPRequest.Method, _ segments: [String]) -> FaultPlan.Route? {
        func under(_ prefix: String) -> Bool {
            let head = prefix.split(separator: "/").map(String.init)
            return segments.count > head.count && segments.starts(with: head)
        }
        switch method {
        case .post:
            return segments == DemoEndpoints.dealsPath.split(separator: "/").map(String.init) ? .deals : nil
        case .get where under(DemoEndpoints.imagesPath): return .images
        case .get where under("/x-departures"): return segments.count == 5 && segments[4] == "poll" ? .poll : .departures
        case .get where segments.first == "StopPoint":
            return segments.count == 3 && segments[2] == "Arrivals" ? .arrivals : .stops
        case .get where under(TramTrackerSimulator.path): return .trams
        case .get: return nil
        }
    }

    private func normalAnswer(to request: HTTPRequest, route: FaultPlan.Route) -> HTTPResponse {
        do {
            switch route {
            case .deals: return DealsSimulator(destinations: try DemoCatalogue.destinations.get()).search(body: request.body ?? Data())
            case .images: return DealsSimulator(destinations: try DemoCatalogue.destinations.get()).image(path: request.url.path)
            case .departures, .poll:
                return DeparturesSimulator(network: try DemoCatalogue.network.get(), now: now())
                    .respond(to: request, poll: route == .poll)
            case .arrivals, .stops:
                return TfLSimulator(london: try DemoCatalogue.london.get(), now: now()).respond(to: request)
            case .trams:
                return TramTrackerSimulator(now: now()).respond(to: request)
            }
        } catch {
            return .json(status: 500, ["error": error.description])
        }
    }

    /// The faulty answer in place of the normal one; nil when the fault delays or alters the normal one.
    private func inject(_ fault: FaultPlan.Fault, route: FaultPlan.Route) async -> HTTPResponse? {
        switch fault {
        case .status(let status, let retryAfter):
            var response = HTTPResponse.json(status: status, ["error": "injected fault: HTTP \(status)"])
            if let retryAfter { response.headers["Retry-After"] = String(retryAfter) }
            return response
        case .malformed:
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
                                body: Data("{\"Aggregates\": [<html>oops".utf8))
        case .empty:
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"])
        case .html:
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("""
                <!DOCTYPE html><html><head><title>Service unavailable</title></head>
                <body><h1>Service unavailable</h1><p>The gateway could not reach the service.</p></body></html>
                """.utf8))
        case .huge:
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
                                body: Data(repeating: UInt8(ascii: " "), count: FaultPlan.hugeBytes))
        case .serviceError:
            return .envelope(error: "injected fault: the service reported an error")
        case .expiredToken where route == .trams:
            return .envelope(error: "Invalid or expired device token. Request a new token.")
        case .expiredToken:
            return .json(status: 401, ["error": "injected fault: the token has expired"])
        case .hang:
            try? await Task.sleep(for: FaultPlan.hangDelay)
            return .json(status: 504, ["error": "injected fault: gave up hanging"])
        case .slow(let delay):
            try? await Task.sleep(for: delay)
            return nil
        case .truncated, .dropped, .neverComplete, .duplicate, .shuffle:
            return nil
        }
    }

    /// The normal answer, altered by a fault that needs it.
    private static func alter(_ normal: HTTPResponse, by fault: FaultPlan.Fault, route: FaultPlan.Route) -> DemoAnswer {
        var response = normal
        switch fault {
        case .truncated:
            response.body = normal.body.prefix(normal.body.count / 2)
        case .dropped:
            return DemoAnswer(normal, cutAfter: normal.body.count / 2)
        case .neverComplete, .duplicate, .shuffle:
            guard var page = (try? JSONSerialization.jsonObject(with: normal.body)) as? [String: Any],
                  let departures = page["departures"] as? [Any] else { return DemoAnswer(normal) }
            switch fault {
            case .neverComplete:
                page["complete"] = false
                if route == .poll { page["departures"] = [Any]() }
            case .duplicate:
                page["departures"] = departures + departures
            default:
                page["departures"] = Array(departures.reversed())
            }
            response.body = (try? JSONSerialization.data(withJSONObject: page, options: [.sortedKeys])) ?? normal.body
        default:
            break
        }
        return DemoAnswer(response)
    }
}

/// One answer of the demo service, and where its connection breaks when a fault drops it.
public struct DemoAnswer: Sendable {
    public var response: HTTPResponse
    /// The connection closes after this many bytes of the body, before the rest.
    public var cutAfter: Int?

    init(_ response: HTTPResponse, cutAfter: Int? = nil) {
        self.response = response
        self.cutAfter = cutAfter
    }
}

extension HTTPResponse {
    static func json(status: Int, _ object: [String: String]) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}

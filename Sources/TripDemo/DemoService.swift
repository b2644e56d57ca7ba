import Foundation
import TripCore

/// The built-in demo: simulates the services Tripboard talks to, with realistic, time-aware data.
///
/// It answers `HTTPRequest`s directly, so the window uses it in-process through `DemoTransport`,
/// and `DemoHTTPServer` puts the very same answers on 127.0.0.1 over real HTTP.
public struct DemoService: Sendable {
    public let faults: FaultPlan
    let now: @Sendable () -> Date
    /// The simulated services; a request goes to the first that claims it.
    public let simulators: [any DemoSimulator]

    /// The demo of every service of the app.
    public static let standardSimulators: [any DemoSimulator] = [DealsDemo(), DeparturesDemo(), TfLDemo(), TramTrackerDemo()]

    public init(faults: FaultPlan = FaultPlan(), now: @escaping @Sendable () -> Date = Date.init,
                simulators: [any DemoSimulator] = DemoService.standardSimulators) {
        self.faults = faults
        self.now = now
        self.simulators = simulators
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
        guard let (simulator, route) = simulators.lazy.compactMap({ simulator in
            simulator.route(request.method, segments).map { (simulator, $0) }
        }).first else {
            return DemoAnswer(.json(status: 404, ["error": "no such endpoint: \(request.method.rawValue) \(path)"]))
        }
        let fault = faults.nextFault(for: route)
        if let fault, let injected = await inject(fault, simulator: simulator) {
            return DemoAnswer(injected)
        }
        let normal: HTTPResponse
        do {
            normal = try simulator.respond(to: request, route: route, now: now())
        } catch {
            normal = .json(status: 500, ["error": "\(error)"])
        }
        guard let fault, normal.status == 200 else { return DemoAnswer(normal) }
        return Self.alter(normal, by: fault, paged: simulator.routes.first { $0.name == route }?.isPaged == true,
                          poll: route == "poll")
    }

    /// The faulty answer in place of the normal one; nil when the fault delays or alters the normal one.
    private func inject(_ fault: FaultPlan.Fault, simulator: any DemoSimulator) async -> HTTPResponse? {
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
        case .expiredToken:
            return simulator.expiredCredentials()
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
    private static func alter(_ normal: HTTPResponse, by fault: FaultPlan.Fault, paged: Bool, poll: Bool) -> DemoAnswer {
        var response = normal
        switch fault {
        case .truncated:
            response.body = normal.body.prefix(normal.body.count / 2)
        case .dropped:
            return DemoAnswer(normal, cutAfter: normal.body.count / 2)
        case .neverComplete, .duplicate, .shuffle:
            guard paged, var page = DemoJSON.object(in: normal.body),
                  case .array(let departures)? = page["departures"] else { return DemoAnswer(normal) }
            switch fault {
            case .neverComplete:
                page["complete"] = .bool(false)
                if poll { page["departures"] = .array([]) }
            case .duplicate:
                page["departures"] = .array(departures + departures)
            default:
                page["departures"] = .array(departures.reversed())
            }
            response.body = DemoJSON.data(page) ?? normal.body
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
        let body = DemoJSON.data(object) ?? Data()
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}

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
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let path = request.url.path
        let route: FaultPlan.Route?
        switch (request.method, path) {
        case (.post, DemoEndpoints.dealsPath): route = .deals
        case (.get, _) where path.hasPrefix(DemoEndpoints.imagesPath + "/"): route = .images
        case (.get, _) where path.hasPrefix("/x-departures/"): route = path.hasSuffix("/poll") ? .poll : .departures
        case (.get, _) where path.hasPrefix("/StopPoint"): route = path.hasSuffix("/Arrivals") ? .arrivals : .stops
        case (.get, _) where path.hasPrefix(TramTrackerSimulator.path + "/"): route = .trams
        default: route = nil
        }
        guard let route else {
            return .json(status: 404, ["error": "no such endpoint: \(request.method.rawValue) \(path)"])
        }
        if let fault = faults.nextFault(for: route), let injected = await inject(fault) {
            return injected
        }
        let catalogue: DemoCatalogue
        switch DemoCatalogue.shared {
        case .success(let loaded): catalogue = loaded
        case .failure(let error): return .json(status: 500, ["error": error.description])
        }
        switch route {
        case .deals: return DealsSimulator(catalogue: catalogue).search(body: request.body ?? Data())
        case .images: return DealsSimulator(catalogue: catalogue).image(path: path)
        case .departures, .poll:
            return DeparturesSimulator(network: catalogue.network, now: now()).respond(to: request, poll: route == .poll)
        case .arrivals, .stops:
            return TfLSimulator(london: catalogue.london, now: now()).respond(to: request)
        case .trams:
            return TramTrackerSimulator(now: now()).respond(to: request)
        }
    }

    /// The faulty answer; nil when the fault only delays the normal one (`slow`).
    private func inject(_ fault: FaultPlan.Fault) async -> HTTPResponse? {
        switch fault {
        case .status(let status):
            return .json(status: status, ["error": "injected fault: HTTP \(status)"])
        case .malformed:
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
                                body: Data("{\"Aggregates\": [<html>oops".utf8))
        case .huge:
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"],
                                body: Data(repeating: UInt8(ascii: " "), count: 32 << 20))
        case .serviceError:
            return .envelope(error: "injected fault: the service reported an error")
        case .hang:
            try? await Task.sleep(for: .seconds(600))
            return .json(status: 504, ["error": "injected fault: gave up hanging"])
        case .slow:
            try? await Task.sleep(for: FaultPlan.slowDelay)
            return nil
        }
    }
}

extension HTTPResponse {
    static func json(status: Int, _ object: [String: String]) -> HTTPResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}

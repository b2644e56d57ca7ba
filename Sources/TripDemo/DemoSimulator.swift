import Foundation
import TripCore

/// One service's part of the built-in demo: which requests are its, under which fault targets
/// (the `ROUTE` of `TRIPBOARD_DEMO_FAULTS`), and its normal answers. `DemoService` routes each
/// request to the first simulator that claims it; a new service brings its own.
public protocol DemoSimulator: Sendable {
    /// Its fault targets, as `TRIPBOARD_DEMO_FAULTS` names them.
    var routes: [DemoRoute] { get }
    /// The route of a request that is its (the path split before decoding, so a stop named
    /// "… / Arrivals" is still a stop search); nil for any other.
    func route(_ method: HTTPRequest.Method, _ segments: [String]) -> String?
    /// The normal answer to a request on `route`, at `now`.
    func respond(to request: HTTPRequest, route: String, now: Date) throws -> HTTPResponse
    /// How the service refuses credentials it takes as expired.
    func expiredCredentials() -> HTTPResponse
}

extension DemoSimulator {
    public func expiredCredentials() -> HTTPResponse {
        .json(status: 401, ["error": "injected fault: the token has expired"])
    }
}

/// A fault target of the demo.
public struct DemoRoute: Sendable, Equatable {
    public var name: String
    /// Whether its answers are pages of a search (`departures` of `complete` pages), where the
    /// paging faults (never-complete, duplicate, shuffle) apply.
    public var isPaged: Bool

    public init(_ name: String, isPaged: Bool = false) {
        self.name = name
        self.isPaged = isPaged
    }
}

/// Whether `segments` start with `prefix`'s segments and go on beyond them.
func path(_ segments: [String], isUnder prefix: String) -> Bool {
    let head = prefix.split(separator: "/").map(String.init)
    return segments.count > head.count && segments.starts(with: head)
}

/// The demo's deals search and pictures.
struct DealsDemo: DemoSimulator {
    let routes = [DemoRoute("deals"), DemoRoute("images")]

    func route(_ method: HTTPRequest.Method, _ segments: [String]) -> String? {
        if method == .post { return segments == DealsProvider.demoPath.split(separator: "/").map(String.init) ? "deals" : nil }
        return path(segments, isUnder: DealsProvider.demoImagesPath) ? "images" : nil
    }

    func respond(to request: HTTPRequest, route: String, now: Date) throws -> HTTPResponse {
        let deals = DealsSimulator(destinations: try DemoCatalogue.destinations.get())
        return route == "images" ? deals.image(path: request.url.path) : deals.search(body: request.body ?? Data())
    }
}

/// The demo's coach search: the first request, then its polls.
struct DeparturesDemo: DemoSimulator {
    let routes = [DemoRoute("departures", isPaged: true), DemoRoute("poll", isPaged: true)]

    func route(_ method: HTTPRequest.Method, _ segments: [String]) -> String? {
        guard method == .get, path(segments, isUnder: "/x-departures") else { return nil }
        return segments.count == 5 && segments[4] == "poll" ? "poll" : "departures"
    }

    func respond(to request: HTTPRequest, route: String, now: Date) throws -> HTTPResponse {
        DeparturesSimulator(network: try DemoCatalogue.network.get(), now: now).respond(to: request, poll: route == "poll")
    }
}

/// The demo's London: TfL arrivals, and stop search, stops near a point and a stop's details.
struct TfLDemo: DemoSimulator {
    let routes = [DemoRoute("arrivals"), DemoRoute("stops")]

    func route(_ method: HTTPRequest.Method, _ segments: [String]) -> String? {
        guard method == .get, segments.first == "StopPoint" else { return nil }
        return segments.count == 3 && segments[2] == "Arrivals" ? "arrivals" : "stops"
    }

    func respond(to request: HTTPRequest, route: String, now: Date) throws -> HTTPResponse {
        TfLSimulator(london: try DemoCatalogue.london.get(), now: now).respond(to: request)
    }
}

/// The demo's Melbourne: TramTracker's device tokens and predictions.
struct TramTrackerDemo: DemoSimulator {
    let routes = [DemoRoute("trams")]

    func route(_ method: HTTPRequest.Method, _ segments: [String]) -> String? {
        method == .get && path(segments, isUnder: TramTrackerSimulator.path) ? "trams" : nil
    }

    func respond(to request: HTTPRequest, route: String, now: Date) throws -> HTTPResponse {
        TramTrackerSimulator(now: now).respond(to: request)
    }

    /// TramTracker refuses a token in its envelope, with HTTP 200.
    func expiredCredentials() -> HTTPResponse {
        .envelope(error: "Invalid or expired device token. Request a new token.")
    }
}

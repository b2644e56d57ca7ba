import Foundation
import Synchronization

/// Failures the demo service injects on purpose, so clients' error paths can be exercised for real.
///
/// A spec is a comma-separated list of `ROUTE=FAULT[@N]`: ROUTE is `deals`, `images`, `departures`,
/// `poll`, `arrivals`, `stops` or `trams`; FAULT is an
/// HTTP status (`503`), `malformed` (a 200 whose body is not JSON), `service-error` (a 200 whose
/// envelope says `hasError`), `huge` (a 200 with a 32 MiB
/// body), `hang` (no answer until the client gives up) or `slow` (the normal answer, 2 s late); `@N` limits it to the route's first N
/// requests and `@N-M` to its requests N through M (counting from 1). Examples: `deals=503@1` fails
/// the first deals request only; `deals=503@2-2` lets the first through and fails the second.
public final class FaultPlan: Sendable {
    /// How late a `slow` answer comes.
    public static let slowDelay: Duration = .seconds(2)

    public enum Route: String, Sendable, CaseIterable {
        case deals, images
        /// The first request of a departures search.
        case departures
        /// A departures search's polls.
        case poll
        /// TfL arrivals at a stop.
        case arrivals
        /// TfL stop search, stops near a point and a stop's details.
        case stops
        /// TramTracker: device tokens and predictions.
        case trams
    }

    public enum Fault: Sendable, Equatable {
        case status(Int)
        case malformed
        /// A 200 whose envelope says `hasError` (TramTracker's way of failing).
        case serviceError
        case huge
        case hang
        /// The normal answer, after `FaultPlan.slowDelay`.
        case slow
    }

    struct Rule: Sendable, Equatable {
        var route: Route
        var fault: Fault
        /// Which of the route's requests (counting from 1) get the fault; nil means all.
        var requests: ClosedRange<Int>?
    }

    private let rules: [Rule]
    private let counts = Mutex<[Route: Int]>([:])

    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// No faults: every request is answered normally.
    public convenience init() {
        self.init(rules: [])
    }

    init(rules: [Rule]) {
        self.rules = rules
    }

    public convenience init(spec: String) throws(ParseError) {
        var rules: [Rule] = []
        for item in spec.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            let sides = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard sides.count == 2, let route = Route(rawValue: sides[0]) else {
                throw ParseError(description: "unknown fault target in “\(item)”; use \(Route.allCases.map(\.rawValue).joined(separator: " or "))=FAULT")
            }
            let parts = sides[1].split(separator: "@", maxSplits: 1).map(String.init)
            let fault: Fault
            switch parts[0] {
            case "malformed": fault = .malformed
            case "service-error": fault = .serviceError
            case "huge": fault = .huge
            case "hang": fault = .hang
            case "slow": fault = .slow
            case let text where Int(text).map { (100...599).contains($0) } == true: fault = .status(Int(text)!)
            default: throw ParseError(description: "unknown fault “\(parts[0])”; use an HTTP status, malformed, service-error, huge, hang or slow")
            }
            var requests: ClosedRange<Int>?
            if parts.count == 2 {
                let bounds = parts[1].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { Int($0) }
                let first = bounds.count == 2 ? bounds[0] : 1
                guard let first, let last = bounds.last ?? nil, first > 0, last >= first else {
                    throw ParseError(description: "“@\(parts[1])” is not a request count N or a range N-M")
                }
                requests = first...last
            }
            rules.append(Rule(route: route, fault: fault, requests: requests))
        }
        self.init(rules: rules)
    }

    /// Counts one request to `route` and returns the fault to inject into it, if any.
    func nextFault(for route: Route) -> Fault? {
        let number = counts.withLock { counts in
            counts[route, default: 0] += 1
            return counts[route, default: 0]
        }
        return rules.first { $0.route == route && ($0.requests?.contains(number) ?? true) }?.fault
    }
}

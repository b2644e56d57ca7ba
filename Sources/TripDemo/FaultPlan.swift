import Foundation
import Synchronization

/// Failures the demo service injects on purpose, so clients' error paths can be exercised for real.
///
/// A spec is a comma-separated list of `ROUTE=FAULT[@N]`; `@N` limits a rule to the route's first
/// N requests and `@N-M` to its requests N through M (counting from 1). The first rule that
/// matches a request applies. Examples: `deals=503@1` fails the first deals request only;
/// `deals=503@2-2` lets the first through and fails the second. `Fault.spellings` lists each
/// FAULT with what it does; the README has the same list.
public final class FaultPlan: Sendable {
    /// How late a `slow` answer comes.
    public static let slowDelay: Duration = .seconds(2)
    /// How long a `hang` waits before it answers at all (longer than any client waits).
    public static let hangDelay: Duration = .seconds(600)
    /// The `Retry-After` a plain `429` asks for, in seconds.
    public static let defaultRetryAfter = 1
    /// The size of a `huge` body: 50 MB.
    public static let hugeBytes = 50_000_000

    public enum Fault: Sendable, Equatable {
        /// An HTTP status with a JSON error body; a 429 also says `Retry-After` seconds.
        case status(Int, retryAfter: Int? = nil)
        /// A 200 whose body is not JSON.
        case malformed
        /// A 200 with the first half of the normal body, complete as HTTP.
        case truncated
        /// A 200 with no body.
        case empty
        /// A 200 with an HTML error page, as a proxy or captive portal sends.
        case html
        /// A 200 whose envelope says `hasError` (TramTracker's way of failing).
        case serviceError
        /// A 200 with a 50 MB body.
        case huge
        /// The normal answer's headers and half its body, then the connection closes.
        case dropped
        /// The credentials are refused as expired: TramTracker's envelope error about the device
        /// token, HTTP 401 from the others.
        case expiredToken
        /// No answer until the client gives up.
        case hang
        /// The normal answer, late by this much (`FaultPlan.slowDelay` unless the spec says).
        case slow(Duration)
        /// A search that never finishes: `complete` is false, and polls bring nothing new.
        case neverComplete
        /// Every departure in the page sent twice.
        case duplicate
        /// The page's departures in reverse order.
        case shuffle

        /// Each FAULT as a spec writes it, with what it does.
        public static let spellings: [(String, String)] = [
            ("STATUS", "that HTTP status (100–599) with a JSON error body"),
            ("429:N", "HTTP 429 with Retry-After: N (a plain 429 says \(FaultPlan.defaultRetryAfter))"),
            ("malformed", "a 200 whose body is not JSON"),
            ("truncated", "a 200 with the first half of the normal body"),
            ("empty", "a 200 with no body"),
            ("html", "a 200 with an HTML error page (text/html)"),
            ("service-error", "a 200 whose TramTracker envelope says hasError"),
            ("huge", "a 200 with a 50 MB body"),
            ("dropped", "the connection closes halfway through the normal body"),
            ("expired-token", "the credentials refused as expired (TramTracker: its token error; others: 401)"),
            ("hang", "no answer at all"),
            ("slow", "the normal answer, 2 s late"),
            ("slow:MS", "the normal answer, MS milliseconds late"),
            ("never-complete", "departures/poll only: complete is false forever and polls bring nothing new"),
            ("duplicate", "departures/poll only: every departure sent twice"),
            ("shuffle", "departures/poll only: the page's departures in reverse order"),
        ]

        init?(spelling: String) {
            switch spelling {
            case "malformed": self = .malformed
            case "truncated": self = .truncated
            case "empty": self = .empty
            case "html": self = .html
            case "service-error": self = .serviceError
            case "huge": self = .huge
            case "dropped": self = .dropped
            case "expired-token": self = .expiredToken
            case "hang": self = .hang
            case "slow": self = .slow(FaultPlan.slowDelay)
            case "never-complete": self = .neverComplete
            case "duplicate": self = .duplicate
            case "shuffle": self = .shuffle
            case _ where spelling.hasPrefix("slow:"):
                guard let milliseconds = Int(spelling.dropFirst(5)), (0...600_000).contains(milliseconds) else { return nil }
                self = .slow(.milliseconds(milliseconds))
            default:
                let parts = spelling.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                guard let status = Int(parts[0]), (100...599).contains(status) else { return nil }
                if parts.count == 2 {
                    guard status == 429, let seconds = Int(parts[1]), seconds >= 0 else { return nil }
                    self = .status(429, retryAfter: seconds)
                } else {
                    self = .status(status, retryAfter: status == 429 ? FaultPlan.defaultRetryAfter : nil)
                }
            }
        }

        /// Faults about a search's pages, which only the departures routes can have.
        var isSearchOnly: Bool { self == .neverComplete || self == .duplicate || self == .shuffle }
    }

    struct Rule: Sendable, Equatable {
        var route: String
        var fault: Fault
        /// Which of the route's requests (counting from 1) get the fault; nil means all.
        var requests: ClosedRange<Int>?
    }

    private let rules: [Rule]
    private let counts = Mutex<[String: Int]>([:])

    /// Why a fault spec was refused, as typed facts: the wording layer says it in the person's
    /// language (`sentence` in TripWiring); `description` is the English for logs and tests.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public enum Reason: Sendable, Equatable {
            /// `item` names no fault target; `targets` are the ones there are.
            case unknownTarget(item: String, targets: [String])
            /// `spelling` is no fault; `spellings` are the faults there are.
            case unknownFault(spelling: String, spellings: [String])
            /// `spelling` is a fault of a search's pages, for the `paged` targets only.
            case searchOnly(spelling: String, paged: [String])
            /// `count` (after the "@") is neither a request count nor a range.
            case badRequests(count: String)
        }

        public var reason: Reason

        public var description: String {
            switch reason {
            case let .unknownTarget(item, targets):
                "unknown fault target in “\(item)”; use \(targets.joined(separator: " or "))=FAULT"
            case let .unknownFault(spelling, spellings):
                "unknown fault “\(spelling)”; use " + spellings.joined(separator: ", ")
            case let .searchOnly(spelling, paged):
                "“\(spelling)” is a fault of a search’s pages; use it on \(paged.joined(separator: " or "))"
            case let .badRequests(count):
                "“@\(count)” is not a request count N or a range N-M"
            }
        }
    }

    /// No faults: every request is answered normally.
    public convenience init() {
        self.init(rules: [])
    }

    init(rules: [Rule]) {
        self.rules = rules
    }

    /// - Parameter routes: the fault targets there are (every simulated service's).
    public convenience init(spec: String,
                            routes: [DemoRoute] = DemoService.standardSimulators.flatMap(\.routes)) throws(ParseError) {
        var rules: [Rule] = []
        for item in spec.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            let sides = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard sides.count == 2, let route = routes.first(where: { $0.name == sides[0] }) else {
                throw ParseError(reason: .unknownTarget(item: item, targets: routes.map(\.name)))
            }
            let parts = sides[1].split(separator: "@", maxSplits: 1).map(String.init)
            guard let fault = Fault(spelling: parts[0]) else {
                throw ParseError(reason: .unknownFault(spelling: parts[0], spellings: Fault.spellings.map(\.0)))
            }
            if fault.isSearchOnly && !route.isPaged {
                throw ParseError(reason: .searchOnly(spelling: parts[0], paged: routes.filter(\.isPaged).map(\.name)))
            }
            var requests: ClosedRange<Int>?
            if parts.count == 2 {
                let bounds = parts[1].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { Int($0) }
                let first = bounds.count == 2 ? bounds[0] : 1
                guard let first, let last = bounds.last ?? nil, first > 0, last >= first else {
                    throw ParseError(reason: .badRequests(count: parts[1]))
                }
                requests = first...last
            }
            rules.append(Rule(route: route.name, fault: fault, requests: requests))
        }
        self.init(rules: rules)
    }

    /// Counts one request to `route` and returns the fault to inject into it, if any.
    func nextFault(for route: String) -> Fault? {
        let number = counts.withLock { counts in
            counts[route, default: 0] += 1
            return counts[route, default: 0]
        }
        return rules.first { $0.route == route && ($0.requests?.contains(number) ?? true) }?.fault
    }
}

import Foundation

/// One vehicle expected at a stop.
public struct Arrival: Sendable, Hashable {
    /// The route, as on the front of the vehicle ("73").
    public var line: String
    /// Where it is going ("Stoke Newington"); empty when the service does not say.
    public var destination: String
    /// The direction as the flag puts it ("Oxford Circus or Euston"), when given.
    public var towards: String?
    /// The vehicle's number plate (buses) or fleet number (trams), when given.
    public var vehicle: String?
    /// The stop letter it calls at, when given.
    public var stopLetter: String?
    /// When it is expected, an instant (the service sends UTC).
    public var expected: Date
    /// What the service says about its route now: a disruption, a special event.
    public var notices: [StopNotice]

    public init(line: String, destination: String, towards: String? = nil, vehicle: String? = nil,
                stopLetter: String? = nil, expected: Date, notices: [StopNotice] = []) {
        self.line = line
        self.destination = destination
        self.towards = towards
        self.vehicle = vehicle
        self.stopLetter = stopLetter
        self.expected = expected
        self.notices = notices
    }

    /// Whole seconds from `now` until it is expected; negative once it is due to have gone.
    public func seconds(from now: Date) -> Int {
        Int(expected.timeIntervalSince(now).rounded(.down))
    }
}

/// What a stop's arrivals request gave: the arrivals soonest first, and how many were left out.
public struct ArrivalsResult: Sendable, Equatable {
    public var arrivals: [Arrival]
    /// Predictions the service sent that lacked a route or a time, so could not be shown.
    public var leftOut: LeftOut
    /// When the arrivals arrived, and whether they were kept from earlier; nil when not tracked.
    public var provenance: Provenance?

    /// How many predictions were left out.
    public var skipped: Int { leftOut.count }

    public init(arrivals: [Arrival], leftOut: LeftOut = LeftOut(count: 0, reason: nil), provenance: Provenance? = nil) {
        self.arrivals = arrivals.sorted { ($0.expected, $0.line) < ($1.expected, $1.line) }
        self.leftOut = leftOut
        self.provenance = provenance
    }

    public init(arrivals: [Arrival], skipped: Int) {
        self.init(arrivals: arrivals, leftOut: LeftOut(count: skipped, reason: nil))
    }

    /// The service's messages for the arrivals `including` keeps, each once, in the order met.
    public func notices(including: (Arrival) -> Bool = { _ in true }) -> [StopNotice] {
        var found: [StopNotice] = []
        for arrival in arrivals where including(arrival) {
            for notice in arrival.notices where !found.contains(notice) { found.append(notice) }
        }
        return found
    }
}

/// A message the service attaches to its predictions, such as "Route 12 operates between …".
public struct StopNotice: Sendable, Hashable {
    public enum Kind: Sendable {
        case disruption, specialEvent
    }

    public var kind: Kind
    /// The service's own words, shown as plain text.
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }
}

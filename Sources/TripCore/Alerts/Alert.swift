import Foundation

/// "Tell me when it is N minutes away": one bus or tram followed at one stop until it is within
/// the chosen minutes, then said once.
///
/// It follows the vehicle the service names (`vehicle`, TfL's `vehicleId`) where the provider's
/// vehicles are followed; otherwise (trams) its route's prediction nearest `expected`, from refresh
/// to refresh. Made for a route alone (no vehicle, no time yet), it takes the route's next arrival
/// at the first refresh and follows that one.
public struct Alert: Sendable, Hashable, Identifiable {
    /// Where it stands.
    public enum State: Sendable, Hashable {
        /// Followed at every refresh.
        case watching
        /// Its vehicle came within the minutes and that was said: done.
        case fired
        /// Its vehicle is no longer predicted: done.
        case vanished
        /// The last `count` refreshes in a row failed; at `Alert.failuresToGiveUp` it has given up.
        case failing(Int)
        /// The person cancelled it (the command line's alerts end this way too).
        case cancelled
    }

    /// The minutes a person may choose.
    public static let minutesRange = 1...30
    /// Failed refreshes in a row after which an alert says it cannot follow its vehicle and stops.
    public static let failuresToGiveUp = 3

    public let id: String
    /// The stop, with its name and letter for words.
    public var stop: TransitStop
    /// The route ("124").
    public var line: String
    /// Where it goes ("Eltham"): the service's destination, else its "towards"; empty when neither is known.
    public var destination: String
    /// Said when the vehicle is this many minutes away or less; within `minutesRange`.
    public var minutes: Int
    /// The vehicle followed; nil when following the route's nearest predicted time.
    public var vehicle: String?
    /// Its last known predicted time; nil before the first refresh of an alert made for a route alone.
    public var expected: Date?
    public var state: State
    /// When it was set.
    public var created: Date

    /// - Parameter minutes: clamped into `minutesRange`.
    public init(id: String = UUID().uuidString, stop: TransitStop, line: String, destination: String = "", minutes: Int,
                vehicle: String? = nil, expected: Date? = nil, state: State = .watching, created: Date) {
        self.id = id
        var stop = stop
        stop.distance = nil
        self.stop = stop
        self.line = line
        self.destination = destination
        self.minutes = min(max(minutes, Self.minutesRange.lowerBound), Self.minutesRange.upperBound)
        self.vehicle = vehicle
        self.expected = expected
        self.state = state
        self.created = created
    }

    /// An alert following `arrival` at `stop` (the "Notify me" of a board's row).
    public init(following arrival: Arrival, at stop: TransitStop, minutes: Int, created: Date, id: String = UUID().uuidString) {
        self.init(id: id, stop: stop, line: arrival.line, destination: Self.destination(of: arrival), minutes: minutes,
                  expected: arrival.expected, created: created)
        follow(arrival)
    }

    /// Still followed: watching, or failing fewer than `failuresToGiveUp` times in a row.
    public var isActive: Bool {
        switch state {
        case .watching: true
        case .failing(let count): count < Self.failuresToGiveUp
        case .fired, .vanished, .cancelled: false
        }
    }

    /// Whether an arrival `seconds` away is within the minutes, as a countdown sign reads it
    /// (5 min 40 s reads "5 min"): what the alert then says is what the board shows.
    public func isWithin(seconds: Int) -> Bool {
        seconds < (minutes + 1) * 60
    }

    /// When its vehicle comes within the minutes, by its last known time; nil before one is known.
    public var moment: Date? {
        expected?.addingTimeInterval(-Double((minutes + 1) * 60 - 1))
    }

    /// How long after its vehicle's last known time an alert is kept: after that, a relaunch drops it.
    public static let keptAfterDue: TimeInterval = 5 * 60
    /// How long an alert that never saw its vehicle waits for one, from when it was set.
    public static let waitsForFirst: TimeInterval = 30 * 60

    /// Whether it is no longer worth keeping at `now`: its vehicle's time (or, never seen, its
    /// wait for one) is long past.
    public func isOver(at now: Date) -> Bool {
        let due = expected ?? created.addingTimeInterval(Self.waitsForFirst)
        return now.timeIntervalSince(due) > Self.keptAfterDue
    }

    /// Where `arrival` goes, as an alert says it: its destination, else where it heads.
    static func destination(of arrival: Arrival) -> String {
        arrival.destination.isEmpty ? arrival.towards ?? "" : arrival.destination
    }
}

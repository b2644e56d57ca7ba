import Foundation

extension Alert {
    /// The arrival this alert follows in `arrivals`: its vehicle, when it follows one; else its
    /// route's prediction nearest its last known time; else (never seen) its route's next arrival.
    public func match(in arrivals: [Arrival], now: Date) -> Arrival? {
        let route = arrivals.filter { $0.line == line }
        if let vehicle { return route.first { $0.vehicle == vehicle } }
        guard let expected else { return route.first { $0.seconds(from: now) >= 0 } }
        return route.min { abs($0.expected.timeIntervalSince(expected)) < abs($1.expected.timeIntervalSince(expected)) }
    }

    /// A refresh answered: follows the vehicle wherever its prediction went, and says so when it is
    /// within the minutes (fired) or gone (vanished). An alert that never saw a vehicle of its
    /// route keeps looking. Nothing happens to an alert no longer active.
    public mutating func take(_ result: ArrivalsResult, now: Date) -> AlertEvent? {
        guard isActive else { return nil }
        guard let found = match(in: result.arrivals, now: now) else {
            state = .watching
            guard expected != nil else { return nil }
            state = .vanished
            let next = result.arrivals.first { $0.line == line && $0.seconds(from: now) >= 0 }
            return .vanished(self, next: next)
        }
        follow(found)
        state = .watching
        guard isWithin(seconds: found.seconds(from: now)) else { return nil }
        state = .fired
        return .fired(self, found)
    }

    /// A refresh failed for `failure`. When the last known time is already within the minutes,
    /// the alert fires on it rather than wait on a failing service (never late in silence);
    /// otherwise it counts the failure, and at `failuresToGiveUp` in a row it gives up and says so.
    public mutating func failed(_ failure: APIError, now: Date) -> AlertEvent? {
        guard isActive else { return nil }
        if let expected, isWithin(seconds: Int(expected.timeIntervalSince(now).rounded(.down))) {
            state = .fired
            return .fired(self, lastKnown(at: expected))
        }
        let count: Int
        if case .failing(let before) = state { count = before + 1 } else { count = 1 }
        state = .failing(count)
        return count >= Self.failuresToGiveUp ? .failing(self, failure) : nil
    }

    /// Takes `arrival` as the vehicle followed: its time, its vehicle where the provider's
    /// vehicles are followed, and its destination if none was known.
    mutating func follow(_ arrival: Arrival) {
        expected = arrival.expected
        if stop.provider.followsVehicles, vehicle == nil { vehicle = arrival.vehicle }
        if destination.isEmpty { destination = Self.destination(of: arrival) }
    }

    /// The arrival as last predicted, for firing without a fresh answer.
    private func lastKnown(at expected: Date) -> Arrival {
        Arrival(line: line, destination: destination, vehicle: vehicle, stopLetter: stop.letter, expected: expected)
    }
}

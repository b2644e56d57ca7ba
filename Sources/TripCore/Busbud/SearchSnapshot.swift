import Foundation

/// Everything a departures search has gathered so far, as it stands after one page.
public struct SearchSnapshot: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// More pages are coming.
        case searching
        /// The service said it has sent everything.
        case complete
        /// The service was still finding departures when the bound ran out: the list may be partial.
        case gaveUp(polls: Int)
        /// A page failed; what arrived before it is kept.
        case failed(APIError)
    }

    public var phase: Phase
    /// De-duplicated, resolved against what is known now, in arrival order.
    public var departures: [ResolvedDeparture]
    public var cities: [City]
    /// Pages received, the first answer included.
    public var pages: Int
    /// Departures left out because they lacked what a row needs.
    public var skipped: Int
    /// Why the first of them could not be read.
    public var skipReason: String?
    /// False when the service does not serve this pair of cities.
    public var isValidRoute: Bool

    public init(phase: Phase, departures: [ResolvedDeparture] = [], cities: [City] = [], pages: Int = 0,
                skipped: Int = 0, skipReason: String? = nil, isValidRoute: Bool = true) {
        self.phase = phase
        self.departures = departures
        self.cities = cities
        self.pages = pages
        self.skipped = skipped
        self.skipReason = skipReason
        self.isValidRoute = isValidRoute
    }

    public var isFinished: Bool { phase != .searching }

    /// "2 departures could not be read (the first: no prices in departures.3)"; nil when none were left out.
    public var leftOut: String? {
        guard skipped > 0 else { return nil }
        return (skipped == 1 ? "1 departure" : "\(skipped) departures") + " could not be read"
            + (skipReason.map { " (the first: \($0))" } ?? "")
    }
}

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
    public var skipReason: DecodingProblem?
    /// False when the service does not serve this pair of cities.
    public var isValidRoute: Bool
    /// Coaches left out of `departures` because their seats left are known and fewer than `travellers`
    /// (they were read, so they are not among `skipped`).
    public var tooFewSeats: Int
    /// How many people the search is for: the seats a coach needs to be offered.
    public var travellers: Int
    /// When the departures shown arrived, and whether they were kept from earlier; nil while a
    /// live search has not finished, or when not tracked.
    public var provenance: Provenance?
    /// Snapshots of one lineage only ever add departures after those an earlier one gave: its
    /// departures begin a later one's, each unchanged. A search draws a new lineage whenever a
    /// departure it has given changes or goes, so a reader may take a later snapshot's new
    /// departures alone (the window's list does), without comparing the others.
    public var lineage: Lineage

    /// A lineage, told apart from others by identity.
    public final class Lineage: Sendable {
        public init() {}
    }

    public init(phase: Phase, departures: [ResolvedDeparture] = [], cities: [City] = [], pages: Int = 0,
                skipped: Int = 0, skipReason: DecodingProblem? = nil, isValidRoute: Bool = true,
                tooFewSeats: Int = 0, travellers: Int = 1, lineage: Lineage = Lineage()) {
        self.lineage = lineage
        self.phase = phase
        self.departures = departures
        self.cities = cities
        self.pages = pages
        self.skipped = skipped
        self.skipReason = skipReason
        self.isValidRoute = isValidRoute
        self.tooFewSeats = tooFewSeats
        self.travellers = travellers
    }

    public var isFinished: Bool { phase != .searching }

    /// Equal in what they say; their lineages are how they were made, not what they say.
    public static func == (first: SearchSnapshot, second: SearchSnapshot) -> Bool {
        first.phase == second.phase && first.departures == second.departures && first.cities == second.cities
            && first.pages == second.pages && first.skipped == second.skipped && first.skipReason == second.skipReason
            && first.isValidRoute == second.isValidRoute && first.tooFewSeats == second.tooFewSeats
            && first.travellers == second.travellers && first.provenance == second.provenance
    }

}

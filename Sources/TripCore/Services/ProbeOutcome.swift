/// What "Test connection" found: any service fills it in, and the wording layer says it.
public struct ProbeOutcome: Sendable, Equatable {
    /// What the one request brought back.
    public enum Finding: Sendable, Equatable {
        /// Things the service listed: how many, and what they are ("stops", "deals", "departures").
        case items(count: Int, of: ItemKind)
        /// The service issued a device token for this app.
        case deviceToken
    }

    /// Who answered, by the short name its users know it ("TfL", "Metlink"); nil names it as the
    /// provider's service name does (TripWords).
    public var answerer: String?
    public var finding: Finding
    /// Where it looked, when it searched near a place ("Oxford Circus").
    public var near: String?
    /// Only the first page of a longer answer was asked for.
    public var firstPageOnly: Bool

    public init(answerer: String? = nil, found finding: Finding, near: String? = nil, firstPageOnly: Bool = false) {
        self.answerer = answerer
        self.finding = finding
        self.near = near
        self.firstPageOnly = firstPageOnly
    }
}

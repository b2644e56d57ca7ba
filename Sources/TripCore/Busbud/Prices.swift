/// What a departure costs, in integer minor units (cents) of `currency`.
public struct Prices: Hashable, Sendable, Decodable {
    /// The whole fare for every traveller, fees and taxes included.
    public var total: Int
    /// ISO 4217 of every amount here; absent on some responses (then it is the requested one).
    public var currency: String?
    public var breakdown: Breakdown?

    public struct Breakdown: Hashable, Sendable, Decodable {
        public var base: Int?
        public var fees: Int?
        public var taxes: Int?
        public var discount: Int?

        public init(base: Int?, fees: Int?, taxes: Int?, discount: Int?) {
            self.base = base
            self.fees = fees
            self.taxes = taxes
            self.discount = discount
        }
    }

    public init(total: Int, currency: String?, breakdown: Breakdown? = nil) {
        self.total = total
        self.currency = currency
        self.breakdown = breakdown
    }
}

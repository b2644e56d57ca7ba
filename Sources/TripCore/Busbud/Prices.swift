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

        private enum Keys: String, CodingKey {
            case base, fees, taxes, discount
        }

        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: Keys.self)
            base = fields.lenientInt(.base)
            fees = fields.lenientInt(.fees)
            taxes = fields.lenientInt(.taxes)
            discount = fields.lenientInt(.discount)
        }
    }

    public init(total: Int, currency: String?, breakdown: Breakdown? = nil) {
        self.total = total
        self.currency = currency
        self.breakdown = breakdown
    }

    private enum Keys: String, CodingKey {
        case total, currency, breakdown
    }

    /// The total is required (digits sent as text are read); the currency and breakdown are details.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Keys.self)
        guard let total = fields.lenientInt(.total), total >= 0 else {
            throw DecodingError.keyNotFound(Keys.total, .init(codingPath: fields.codingPath, debugDescription: "total"))
        }
        self.total = total
        currency = fields.lenientText(.currency)
        breakdown = fields.lenient(Breakdown.self, .breakdown)
    }
}

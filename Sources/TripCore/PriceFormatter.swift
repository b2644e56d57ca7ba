import Foundation

/// Formats money for people: the currency's own symbol and number of decimals, in a locale.
public struct PriceFormatter: Sendable {
    public var locale: Locale

    /// A POSIX or C locale (as on a bare server) formats as English rather than "GBP 12.00". By
    /// default, the locale the environment names (`FormattingLocale`).
    public init(locale: Locale = FormattingLocale.current) {
        let id = locale.identifier
        self.locale = (id.isEmpty || id == "C" || id.hasPrefix("en_US_POSIX") || id == "POSIX")
            ? Locale(identifier: "en_GB") : locale
    }

    /// "£184.96" for 184.96 GBP.
    public func string(_ amount: Decimal, currency: String) -> String {
        amount.formatted(.currency(code: currency).locale(locale))
    }

    /// An amount in minor units (cents, pence) of `currency`: 5200 USD is "US$52.00".
    public func string(minorUnits: Int, currency: String) -> String {
        // Built from its digits and exponent: a third of the time of dividing by a power of ten.
        let amount = Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -Self.minorUnitDigits(currency),
                             significand: Decimal(minorUnits.magnitude))
        return string(amount, currency: currency)
    }

    /// ISO 4217 digits after the decimal point: 2 for most, 0 for yen and won, 3 for dinars.
    public static func minorUnitDigits(_ currency: String) -> Int {
        switch currency.uppercased() {
        case "JPY", "KRW", "VND", "CLP", "ISK", "HUF", "XOF", "XAF", "XPF", "UGX", "PYG": 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "IQD", "LYD": 3
        default: 2
        }
    }
}

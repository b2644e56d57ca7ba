import Foundation

/// Formats money for people: the currency's own symbol and number of decimals, in a locale.
public struct PriceFormatter: Sendable {
    public var locale: Locale

    /// A POSIX or C locale (as on a bare server) formats as English rather than "GBP 12.00".
    public init(locale: Locale = .current) {
        let id = locale.identifier
        self.locale = (id.isEmpty || id == "C" || id.hasPrefix("en_US_POSIX") || id == "POSIX")
            ? Locale(identifier: "en_GB") : locale
    }

    /// "£184.96" for 184.96 GBP.
    public func string(_ amount: Decimal, currency: String) -> String {
        amount.formatted(.currency(code: currency).locale(locale))
    }
}

import Foundation
import TripCore

/// Reading what a person types for a filter, in the window's price field and on the command line.
extension DepartureFilter {
    /// Minutes after midnight for "HH:MM" (24-hour, "6:30" too); nil for anything else, such as
    /// "25:00", "06:60" or "6pm".
    public static func minuteOfDay(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        return hour * 60 + minute
    }

    /// Minor units (cents) of `currency` for an amount typed as "52", "52.", "52.5" or "52,50"; nil for
    /// anything else, a negative amount, or more decimals than the currency has.
    public static func minorUnits(_ text: String, currency: String) -> Int? {
        let digits = PriceFormatter.minorUnitDigits(currency)
        let parts = text.trimmingCharacters(in: .whitespaces).split(omittingEmptySubsequences: false,
                                                                     whereSeparator: { $0 == "." || $0 == "," })
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 9,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let whole = Int(parts[0])
        else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= digits else { return nil }
        let padded = fraction + String(repeating: "0", count: digits - fraction.count)
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        return whole * scale + (Int(padded) ?? 0)
    }
}

import Foundation

/// TramTracker's dates: "/Date(1425407340000+1100)/", milliseconds since the epoch in UTC, and an
/// offset that only says which zone the service displays (it does not move the instant). The
/// slashes may arrive escaped ("\/Date(…)\/"). Anything else is nil, never a guessed time.
public enum DotNetDate {
    /// Instants outside these years are taken for garbage, not times.
    static let plausibleYears = 1900...2200

    public static func parse(_ text: String) -> Date? {
        var rest = Substring(text)
        func take(_ prefix: String) -> Bool {
            guard rest.hasPrefix(prefix) else { return false }
            rest = rest.dropFirst(prefix.count)
            return true
        }
        _ = take("\\")
        guard take("/Date(") else { return nil }
        var digits = ""
        if take("-") { digits = "-" }
        let number = rest.prefix { $0.isASCII && $0.isNumber }
        guard !number.isEmpty, number.count <= 16 else { return nil }
        digits += number
        rest = rest.dropFirst(number.count)
        if let sign = rest.first, sign == "+" || sign == "-" {
            let offset = rest.dropFirst().prefix(4)
            guard offset.count == 4, offset.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let hours = Int(offset.prefix(2)), let minutes = Int(offset.suffix(2)), hours <= 14, minutes < 60
            else { return nil }
            rest = rest.dropFirst(5)
        }
        guard take(")"), (take("\\/") || take("/")), rest.isEmpty, let milliseconds = Int64(digits) else { return nil }
        let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let year = Calendar.gregorian(in: TimeZone(identifier: "UTC")!).component(.year, from: instant)
        return plausibleYears.contains(year) ? instant : nil
    }
}

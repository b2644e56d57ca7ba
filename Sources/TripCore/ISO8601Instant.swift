import Foundation

/// Reads instants such as TfL's "2016-11-09T10:13:24.7163322Z": any number of fractional digits,
/// "Z" or a "+HH:MM" offset (none means UTC). Anything else is nil, never a guessed time.
public enum ISO8601Instant {
    public static func parse(_ text: String) -> Date? {
        guard let local = LocalDateTime(text) else { return nil }
        guard let time = text.split(separator: "T", maxSplits: 1).last else { return nil }
        var rest = time.drop { $0.isNumber || $0 == ":" }
        var fraction = 0.0
        if rest.first == "." {
            let digits = rest.dropFirst().prefix { $0.isNumber }
            guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
            fraction = value
            rest = rest.dropFirst(1 + digits.count)
        }
        let offset: Int
        switch rest.first {
        case nil, "Z", "z":
            guard rest.count <= 1 else { return nil }
            offset = 0
        case "+", "-":
            let sign = rest.first == "-" ? -1 : 1
            let parts = rest.dropFirst().split(separator: ":")
            let digits = parts.count == 2 ? parts.joined() : String(rest.dropFirst())
            guard digits.count == 4, digits.allSatisfy(\.isNumber),
                  let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        let utc = TimeZone(identifier: "UTC")!
        return local.instant(in: utc).addingTimeInterval(fraction - Double(offset))
    }

    /// "2026-11-22T09:05:00Z": UTC, whole seconds, as the command line prints instants.
    public static func utcString(_ instant: Date) -> String {
        let utc = LocalDateTime(instant, in: TimeZone(identifier: "UTC")!)
        return "\(utc)Z"
    }
}

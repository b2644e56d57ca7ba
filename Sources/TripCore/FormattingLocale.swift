import Foundation

/// The locale dates and prices are written in, from the environment as the C library reads it:
/// swift-foundation's `Locale.current` on Linux is `en_001` whatever the environment says.
public enum FormattingLocale {
    /// `LC_ALL`, else `LC_TIME` or `LC_MONETARY`, else `LANG`, without its `.UTF-8` or `@…`; a C or
    /// POSIX one is skipped for the first language of `LANGUAGE`; nil when none names a language.
    public static func identifier(_ environment: [String: String]) -> String? {
        let named = ["LC_ALL", "LC_TIME", "LC_MONETARY", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        if let named, let plain = plain(named) { return plain }
        return environment["LANGUAGE"]?.split(separator: ":").lazy.compactMap { plain(String($0)) }.first
    }

    /// The locale of `environment`; English as Britain writes it when it names none (a bare server
    /// in C would otherwise write "GBP 12.00").
    public static func locale(_ environment: [String: String]) -> Locale {
        Locale(identifier: identifier(environment) ?? "en_GB")
    }

    /// This process's, read once.
    public static let current = locale(ProcessInfo.processInfo.environment)

    /// "fr_CA.UTF-8@euro" → "fr_CA"; nil for C and POSIX.
    private static func plain(_ name: String) -> String? {
        let bare = String(name.prefix { $0 != "." && $0 != "@" })
        return bare.isEmpty || bare == "C" || bare == "POSIX" ? nil : bare
    }
}

import Foundation
import Testing
import TripCore

/// The locale prices are written in comes from the environment as the C library reads it, and
/// Foundation then writes each currency as that locale does.
struct FormattingLocaleTests {
    @Test(arguments: [
        (["LANG": "fr_CA.UTF-8"], "fr_CA"),
        (["LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"], "en_GB"),
        (["LC_TIME": "fr_FR.UTF-8@euro", "LANG": "en_US.UTF-8"], "fr_FR"),
        (["LC_MONETARY": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], "de_DE"),
        (["LANG": "C.UTF-8", "LANGUAGE": "fr:en"], "fr"),
        (["LANG": "POSIX", "LANGUAGE": "C:fr_CA"], "fr_CA"),
        (["LANG": "C.UTF-8"], nil),
        ([:], nil),
    ] as [([String: String], String?)])
    func theLocaleIsTheOneTheEnvironmentNames(environment: [String: String], expected: String?) {
        #expect(FormattingLocale.identifier(environment) == expected)
    }

    @Test func withNoLanguageNamedPricesAreWrittenAsBritainWritesThem() {
        #expect(PriceFormatter(locale: FormattingLocale.locale(["LANG": "C.UTF-8"])).string(minorUnits: 5200, currency: "USD") == "US$52.00")
    }

    /// U+00A0 and U+202F are the no-break spaces French writes in numbers and before a currency.
    @Test(arguments: [
        ("en_US", ["$1,234.50", "CA$1,234.50", "£1,234.50", "€1,234.50"]),
        ("en_GB", ["US$1,234.50", "CA$1,234.50", "£1,234.50", "€1,234.50"]),
        ("fr_FR", ["1\u{202F}234,50\u{A0}$US", "1\u{202F}234,50\u{A0}$CA", "1\u{202F}234,50\u{A0}£GB", "1\u{202F}234,50\u{A0}€"]),
        ("fr_CA", ["1\u{A0}234,50\u{A0}$\u{A0}US", "1\u{A0}234,50\u{A0}$", "1\u{A0}234,50\u{A0}£", "1\u{A0}234,50\u{A0}€"]),
    ])
    func pricesAreWrittenAsEachLocaleWritesThem(locale: String, expected: [String]) {
        let formatter = PriceFormatter(locale: FormattingLocale.locale(["LANG": "\(locale).UTF-8"]))
        #expect(["USD", "CAD", "GBP", "EUR"].map { formatter.string(minorUnits: 123_450, currency: $0) } == expected)
    }
}

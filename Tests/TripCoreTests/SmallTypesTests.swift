import Foundation
import Testing
@testable import TripCore

struct ImageURLTemplateTests {
    /// Every placeholder is filled, wherever it stands and however often.
    @Test func fillsEveryPlaceholder() {
        let template = ImageURLTemplate("http://h/{type}/{id}?w={width}&h={height}&again={id}")
        #expect(template.url(for: DealKey(type: 4, id: 7), width: 10, height: 20)?.absoluteString
            == "http://h/4/7?w=10&h=20&again=7")
    }

    /// The one pass fills a template as replacing each placeholder in turn does: other braces,
    /// a placeholder cut short, doubled braces, one at either end, letters beyond ASCII.
    @Test(arguments: ["http://h/{ty}/{{id}}/{size}?{height}", "http://h/x?t={typ&i={id", "http://h/é/{id}x{height}",
                      "{width}", "http://h/{type}{id}{width}{height}", "http://h/{type"])
    func fillsAsReplacingEachPlaceholderDoes(text: String) {
        let replaced = text.replacingOccurrences(of: "{type}", with: "4").replacingOccurrences(of: "{id}", with: "7")
            .replacingOccurrences(of: "{width}", with: "10").replacingOccurrences(of: "{height}", with: "20")
        #expect(ImageURLTemplate(text).url(for: DealKey(type: 4, id: 7), width: 10, height: 20) == URL(string: replaced))
    }

    /// A template that does not make a URL gives no picture rather than a crash.
    @Test func invalidTemplateGivesNoURL() {
        #expect(ImageURLTemplate("").url(for: DealKey(type: 1, id: 2), width: 1, height: 1) == nil)
    }
}

struct PriceFormatterTests {
    /// Prices show the currency's symbol, grouping and two decimals, rounding extra digits.
    @Test(arguments: [
        ("1057.94", "GBP", "£1,057.94"), ("285.6316", "GBP", "£285.63"), ("321", "GBP", "£321.00"),
        ("52", "USD", "US$52.00"), ("19.5", "EUR", "€19.50"),
    ])
    func formatsInBritishEnglish(amount: String, currency: String, expected: String) {
        let formatter = PriceFormatter(locale: Locale(identifier: "en_GB"))
        #expect(formatter.string(Decimal(string: amount)!, currency: currency) == expected)
    }

    /// A bare POSIX locale still shows a symbol, not "GBP 12.00".
    @Test func posixLocaleFallsBackToEnglish() {
        let formatter = PriceFormatter(locale: Locale(identifier: "en_US_POSIX"))
        #expect(formatter.string(12, currency: "GBP") == "£12.00")
    }
}

struct AppDirectoriesTests {
    /// Explicit variables win; otherwise XDG; otherwise the XDG defaults under HOME.
    @Test func followsOverridesThenXDG() {
        let explicit = AppDirectories(environment: ["TRIPBOARD_DATA_DIR": "/d", "TRIPBOARD_CACHE_DIR": "/c", "HOME": "/h"])
        #expect(explicit.data.path == "/d")
        #expect(explicit.cache.path == "/c")
        let xdg = AppDirectories(environment: ["XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])
        #expect(xdg.data.path == "/x/data/tripboard")
        #expect(xdg.cache.path == "/x/cache/tripboard")
        let defaults = AppDirectories(environment: ["HOME": "/h"])
        #expect(defaults.data.path == "/h/.local/share/tripboard")
        #expect(defaults.cache.path == "/h/.cache/tripboard")
    }
}

struct MinorUnitsTests {
    /// Minor units follow each currency's decimals.
    @Test(arguments: [(5200, "USD", "US$52.00"), (4673, "EUR", "€46.73"), (6869, "CAD", "CA$68.69"), (1500, "JPY", "JP¥1,500")])
    func formatsMinorUnits(cents: Int, currency: String, expected: String) {
        #expect(PriceFormatter(locale: Locale(identifier: "en_GB")).string(minorUnits: cents, currency: currency) == expected)
    }
}

struct StableHashHexTests {
    /// A hash's file name is what `String(format: "%016llx")` gave, so the files kept before are
    /// still found: sixteen lower-case digits, zeros first.
    @Test(arguments: [0, 1, 0xabc, 0x0123_4567_89ab_cdef, UInt64.max, StableHash.fnv1a("deals|x")] as [UInt64])
    func hexIsWhatTheFormatGave(value: UInt64) {
        #expect(StableHash.hex(value) == String(format: "%016llx", value))
    }
}

import Testing
@testable import TripWords

/// `characterCount` is `count`, whatever the text: quick where each scalar is a character, and
/// `count` itself where scalars join.
struct CharacterCountTests {
    @Test(arguments: [
        "", "21:23", "US$52.00", "89,60\u{A0}$US", "5\u{A0}h\u{A0}00", "1\u{202F}234,50\u{A0}€", "Montréal", "Gare d’Austerlitz",
        "« Départ »", "Coach Line 2…", "tab\there", "a\nb", "a\r\nb", "\r\n", "\r", "e\u{301}", "\u{301}", "👍🏽", "🇫🇷🇨🇦",
        "👩‍👩‍👧", "a\u{200D}b", "a\u{200C}b", "한국어", "\u{1100}\u{1161}\u{11A8}", "ก\u{E33}", "क्षि", "\u{600}1",
        "x\u{20DD}", "©\u{FE0F}", "₹\u{20D0}", "\u{2028}", "Ⅻ", "Ωmega\u{2026}",
    ])
    func isCount(_ text: String) {
        #expect(text.characterCount == text.count)
    }

    /// Every scalar of the ranges taken as whole characters, each beside every kind of neighbour
    /// those ranges hold, and beside ones that join (a combining accent, a joiner, a variation
    /// selector, an emoji modifier, a carriage return before a line feed).
    @Test func everyScalarOfTheQuickRangesBesideOthers() {
        let quick = (0..<0x300).compactMap(Unicode.Scalar.init) + (0x2000...0x20CF).compactMap(Unicode.Scalar.init)
        let neighbours: [String] = ["a", "é", " ", "\u{A0}", "€", "\n", "\r", "\u{301}", "\u{200D}", "\u{200C}", "\u{FE0F}",
                                    "\u{1F3FD}", "👍", "\u{1100}", "\u{1F1EB}"]
        for scalar in quick {
            let text = String(scalar)
            for neighbour in neighbours {
                for pair in [text + neighbour, neighbour + text, text + text + neighbour] {
                    #expect(pair.characterCount == pair.count, "U+\(String(scalar.value, radix: 16)) beside \(neighbour.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }
    }
}

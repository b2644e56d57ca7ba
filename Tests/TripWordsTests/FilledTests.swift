import Foundation
import Testing
@testable import TripWords

/// `String.filled` fills the placeholders the messages use itself, exactly as `String(format:)`
/// would, and leaves anything else to it.
struct FilledTests {
    /// Filled here (not handed on), and the same as `String(format:)`.
    @Test(arguments: [
        ("Next refresh in %1$ld s", [.whole(25)] as [Value]),
        ("%1$@ · %2$@", [.text("73"), .text("2 min")]),
        ("%2$@ before %1$@", [.text("first"), .text("second")]),
        ("%2$02ld:%1$02ld", [.whole(5), .whole(7)]),
        ("%1$02ld", [.whole(123)]),
        ("%1$02ld", [.whole(-3)]),
        ("%ld départs, %ld affichés", [.whole(12), .whole(3)]),
        ("%@ and %@", [.text("a"), .text("b")]),
        ("100%% of %1$ld", [.whole(4)]),
        ("Départ à %1$@ — « %2$@ »", [.text("9:05"), .text("Gare d’Austerlitz")]),
        ("no placeholder", []),
        ("%1$@%1$@", [.text("twice")]),
        ("%1$ld", [.whole(Int.min)]),
        ("%3$ld of %1$@ in %2$@", [.text("a"), .text("b"), .whole(3)]),
    ])
    func fillsAsFormatWould(_ format: String, _ values: [Value]) throws {
        let arguments = values.map(\.argument)
        let filled = try #require(Placeholders.fill(format, with: arguments))
        #expect(filled == String(format: format, arguments: arguments))
    }

    /// What it does not know (or a value of another kind, or one missing) it leaves to `String(format:)`…
    @Test(arguments: [
        ("%.2f", [.fraction(1.5)] as [Value]),
        ("%5ld", [.whole(42)]),
        ("%x", [.whole(255)]),
        ("%1$@", [.whole(42)]),
        ("%2$@", [.text("only one")]),
        ("ends with %", []),
    ])
    func leavesTheRestToFormat(_ format: String, _ values: [Value]) {
        #expect(Placeholders.fill(format, with: values.map(\.argument)) == nil)
    }

    /// …and `String(format:)` fills it.
    @Test func formatFillsWhatItLeaves() {
        #expect("%.2f km".filled(1.5) == "1.50 km")
        #expect("[%5ld]".filled(42) == "[   42]")
        #expect("%x".filled(255) == "ff")
    }

    /// A value a test case fills in.
    enum Value: Sendable {
        case text(String), whole(Int), fraction(Double)

        var argument: any CVarArg {
            switch self {
            case .text(let text): text
            case .whole(let whole): whole
            case .fraction(let fraction): fraction
            }
        }
    }

    /// Every message of every catalogue (and the template), filled with a value of the kind each
    /// placeholder names, reads as `String(format:)` reads it, and never falls back.
    @Test func everyCataloguedMessageFillsAsFormatWould() throws {
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../po").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: po.path).filter { $0.hasSuffix(".po") || $0.hasSuffix(".pot") }
        #expect(files.count >= 3)
        let placeholder = try Regex(#"%(?:(\d+)\$)?(0\d+)?(ld|@)"#)
        var checked = 0
        for file in files {
            let text = try String(contentsOf: po.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("msgid \"") || line.hasPrefix("msgstr") {
                guard let open = line.firstIndex(of: "\"") else { continue }
                let message = String(line[line.index(after: open)...].dropLast())
                    .replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\n"#, with: "\n")
                let found = message.matches(of: placeholder)
                guard !found.isEmpty else { continue }
                var kinds: [Int: Substring] = [:]
                for (order, match) in found.enumerated() {
                    let position = match.output[1].substring.flatMap { Int($0) } ?? order + 1
                    kinds[position] = match.output[3].substring
                }
                let values: [any CVarArg] = (1...(kinds.keys.max() ?? 0)).map { position in
                    kinds[position] == "ld" ? position * 7 as any CVarArg : "«value \(position)»" as any CVarArg
                }
                let filled = Placeholders.fill(message, with: values)
                #expect(filled != nil, "\(file): \(message)")
                #expect(filled == String(format: message, arguments: values), "\(file): \(message)")
                checked += 1
            }
        }
        #expect(checked > 300)
    }
}

import Foundation
import Testing

/// TripCore writes no English: a reason is a typed value, and TripWords makes the sentence. This
/// reads every string literal in `Sources/TripCore` (comments skipped, each interpolation taken as
/// one word) and fails on one with two words of letters in a row, unless it is a name that is data.
struct NoProseTests {
    /// Files whose literals are names a person reads but that are data, not sentences: a service's
    /// title, mode and setting captions (`…Provider.swift`), the app's setting captions and choice
    /// titles (the map background's, the interface language's and the alerts' too), the amenity names Busbud sends
    /// as flags, and the known cities, places, stops, rivers and landmarks.
    static let dataFiles: Set = ["SettingKey.swift", "SettingKey+Alerts.swift", "MapTiles.swift", "InterfaceLanguage.swift", "Amenities.swift",
                                 "KnownCities.swift", "KnownPlaces.swift",
                                 "KnownTramStops.swift", "TfLBaseMap.swift", "TramTrackerBaseMap.swift"]
    static let dataFileSuffix = "Provider.swift"
    /// Literals that are keys, not words: where a device token is kept, per service address.
    static let keys: Set = ["tramtracker-device-token _"]

    /// Two words of letters separated by spaces ("could not", "the _ service").
    static func isProse(_ literal: String) -> Bool {
        literal.contains(/[A-Za-z_]+\s+[A-Za-z_]{2,}|[A-Za-z_]{2,}\s+[A-Za-z_]+/)
    }

    @Test func tripCoreHasNoEnglishProse() throws {
        let directory = Fixture.packageRoot.appendingPathComponent("Sources/TripCore")
        let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 20)
        var found: [String] = []
        for file in files where !Self.dataFiles.contains(file.lastPathComponent) && !file.lastPathComponent.hasSuffix(Self.dataFileSuffix) {
            for literal in Self.literals(in: try String(contentsOf: file, encoding: .utf8))
            where Self.isProse(literal) && !Self.keys.contains(literal) {
                found.append("\(file.lastPathComponent): \"\(literal)\"")
            }
        }
        #expect(found.isEmpty, "English in TripCore (word it in TripWords): \(found.sorted().joined(separator: "; "))")
    }

    /// The scanner finds prose where it is, and skips comments.
    @Test func scannerFindsProseInLiteralsOnly() {
        let source = #"""
            // "a comment is not prose"
            let a = "could not read \(path)"
            let b = "the \(mode) service" /* "nor this" */
            let c = "\(count) min", d = "HTTP/1.1"
            let e = """
                two words
                """
            """#
        let literals = Self.literals(in: source)
        #expect(literals == ["could not read _", "the _ service", "_ min", "HTTP/1.1", "two words"])
        #expect(literals.filter(Self.isProse) == ["could not read _", "the _ service", "_ min", "two words"])
    }

    /// The text of every string literal in `source`, each interpolation replaced by `_`.
    static func literals(in source: String) -> [String] {
        let text = Array(source)
        var found: [String] = []
        var index = 0
        func starts(_ marker: String, at position: Int) -> Bool {
            position + marker.count <= text.count && String(text[position..<position + marker.count]) == marker
        }
        while index < text.count {
            if starts("//", at: index) {
                while index < text.count, text[index] != "\n" { index += 1 }
            } else if starts("/*", at: index) {
                index += 2
                while index < text.count, !starts("*/", at: index) { index += 1 }
                index += 2
            } else if text[index] == "\"" {
                let multiline = starts("\"\"\"", at: index)
                let close = multiline ? "\"\"\"" : "\""
                index += close.count
                var literal = ""
                while index < text.count, !starts(close, at: index) {
                    if starts("\\(", at: index) {
                        index += 1
                        var depth = 0
                        repeat {
                            if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
                            index += 1
                        } while depth > 0 && index < text.count
                        literal += "_"
                    } else if text[index] == "\\" {
                        literal.append(contentsOf: text[index..<min(index + 2, text.count)])
                        index += 2
                    } else {
                        literal.append(text[index])
                        index += 1
                    }
                }
                index += close.count
                found.append(multiline ? literal.trimmingCharacters(in: .whitespacesAndNewlines) : literal)
            } else {
                index += 1
            }
        }
        return found
    }
}

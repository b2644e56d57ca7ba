import Foundation

import TripCore

extension SettingKey {
    /// The title of the setting's row, in the GNOME HIG's header capitals: "TfL App Key",
    /// "Refresh Every". A unit in the caption ("Radius (metres)") goes to `subtitle`, not here.
    public var title: String {
        switch self {
        case .refreshSeconds: "Refresh Every"
        case .timeLimitSeconds: "Time Limit"
        default: HeaderCapitals.title(Self.splitUnit(caption).name)
        }
    }

    /// What the row says under its title, in sentence case: what a number counts ("Seconds
    /// between refreshes"); nil when the title says it all.
    public var subtitle: String? {
        switch self {
        case .refreshSeconds: "Seconds between refreshes"
        case .timeLimitSeconds: "Seconds to wait for a service to answer"
        case .mapTiles: "Tiles are downloaded only for what is on screen, and kept in your cache folder"
        case .mapTileURL: "{z}, {x} and {y} mark each tile's place"
        default: Self.splitUnit(caption).unit.map { "In \($0)" }
        }
    }

    /// "Radius (metres)" → ("Radius", "metres"); a caption without a unit → (caption, nil).
    private static func splitUnit(_ caption: String) -> (name: String, unit: String?) {
        guard caption.hasSuffix(")"), let open = caption.lastIndex(of: "(") else { return (caption, nil) }
        let name = caption[..<open].trimmingCharacters(in: .whitespaces)
        let unit = caption[caption.index(after: open)..<caption.index(before: caption.endIndex)]
        return name.isEmpty ? (caption, nil) : (name, String(unit))
    }
}

extension ServiceProvider {
    /// The title of its group in Settings, in header capitals: "London Buses", "Coach Search".
    public var groupTitle: String { HeaderCapitals.title(title) }
}

/// The GNOME HIG's header capitalisation, for titles, row titles and buttons: every word starts
/// with a capital, except articles, and conjunctions and prepositions of three letters or fewer
/// that are neither first nor last. A word already holding a capital ("TfL") is left as it is.
public enum HeaderCapitals {
    static let minorWords: Set = ["a", "an", "the", "and", "but", "for", "nor", "not", "or", "so", "yet",
                                  "as", "at", "by", "in", "of", "off", "on", "per", "to", "up", "via"]

    public static func title(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        return words.indices.map { index in
            let word = words[index]
            let isEdge = index == words.startIndex || index == words.index(before: words.endIndex)
            guard let first = word.first, first.isLowercase else { return String(word) }
            if !isEdge && minorWords.contains(String(word)) { return String(word) }
            return first.uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }
}

import Foundation

import TripCore

extension SettingKey {
    /// The title of the setting's row, in the GNOME HIG's header capitals: "TfL App Key",
    /// "Refresh Every". A unit in the caption ("Radius (metres)") goes to `subtitle`, not here.
    public var title: String {
        switch self {
        // TRANSLATORS: a setting's title (the GNOME HIG's header capitals in English; write it as your language writes titles).
        case .refreshSeconds: tr("Refresh Every")
        // TRANSLATORS: a setting's title: how long to wait for a service to answer.
        case .timeLimitSeconds: tr("Time Limit")
        default: Self.headerTitle(caption)
        }
    }

    /// What the row says under its title, in sentence case: what a number counts ("Seconds
    /// between refreshes"); nil when the title says it all.
    public var subtitle: String? {
        switch self {
        case .refreshSeconds: tr("Seconds between refreshes")
        case .timeLimitSeconds: tr("Seconds to wait for a service to answer")
        case .language: tr("Takes effect the next time Tripboard starts")
        case .mapTiles: tr("Tiles are downloaded only for what is on screen, and kept in your cache folder")
        // TRANSLATORS: {z}, {x} and {y} are typed in the address as they are.
        case .mapTileURL: tr("{z}, {x} and {y} mark each tile's place")
        // TRANSLATORS: %1$@ is the unit a setting is counted in: "In seconds".
        default: Self.splitUnit(translated(caption)).unit.map { tr("In %1$@").filled($0) }
        }
    }

    /// `english` (a caption or a title marked with `N_`) as a title, without its unit: in header
    /// capitals while it is English ("Refresh Every"); a translation in sentence case, as other
    /// languages (French among them) write titles: its first letter a capital ("Adresse des offres").
    static func headerTitle(_ english: String) -> String {
        let shown = translated(english)
        let name = splitUnit(shown).name
        return shown == english ? HeaderCapitals.title(name) : name.prefix(1).uppercased() + name.dropFirst()
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
    public var groupTitle: String { SettingKey.headerTitle(title) }
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

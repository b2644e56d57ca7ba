/// The window's tabs, in their order in the header.
public enum Tab: String, CaseIterable, Sendable {
    case deals, search, favourites, settings

    /// "Deals", as the header shows it.
    public var title: String { rawValue.capitalized }
}

/// How the person left the window: its size, whether it was maximised, and the tab it showed.
/// Kept beside the settings (not one of them) under `window.*` names; a value that does not make
/// sense is ignored and its default used.
public struct WindowState: Sendable, Equatable {
    public var width = 960
    public var height = 720
    public var isMaximised = false
    public var tab = Tab.deals
    /// Whether the person has chosen where to start from the welcome (or opened the window on a
    /// tab by name): until then, the window opens on the welcome.
    public var welcomed = false
    /// Sizes outside these are not a window a person meant to keep.
    static let widths = 360...16_384
    static let heights = 240...16_384

    public init() {}

    /// Reads the state from saved name–value pairs, ignoring names that are not its own.
    public init(saved: [String: String]) {
        if let width = saved["window.width"].flatMap(Int.init), Self.widths.contains(width),
           let height = saved["window.height"].flatMap(Int.init), Self.heights.contains(height) {
            self.width = width
            self.height = height
        }
        isMaximised = saved["window.maximised"] == "true"
        if let tab = saved["window.tab"].flatMap(Tab.init(rawValue:)) { self.tab = tab }
        // A folder saved before the welcome existed has a tab and no word on it: its person was
        // welcomed long ago.
        welcomed = saved["window.welcomed"].map { $0 == "true" } ?? (saved["window.tab"] != nil)
    }

    /// The name–value pairs to save.
    public var saved: [String: String] {
        ["window.width": String(width), "window.height": String(height),
         "window.maximised": isMaximised ? "true" : "false", "window.tab": tab.rawValue,
         "window.welcomed": welcomed ? "true" : "false"]
    }
}

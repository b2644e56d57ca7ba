/// How the person left the window: its size, whether it was maximised, and the tab it showed.
/// Kept beside the settings (not one of them) under `window.*` names; a value that does not make
/// sense is ignored and its default used.
public struct WindowState: Sendable, Equatable {
    public var width = 960
    public var height = 720
    public var isMaximised = false
    /// The tab's name ("deals", "search", "favourites", "settings").
    public var tab = "deals"

    public static let tabs = ["deals", "search", "favourites", "settings"]
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
        if let tab = saved["window.tab"], Self.tabs.contains(tab) { self.tab = tab }
    }

    /// The name–value pairs to save.
    public var saved: [String: String] {
        ["window.width": String(width), "window.height": String(height),
         "window.maximised": isMaximised ? "true" : "false", "window.tab": tab]
    }
}

import Foundation

/// Where Tripboard keeps its files, following the XDG base-directory rules.
public struct AppDirectories: Sendable, Equatable {
    /// Database and settings: `TRIPBOARD_DATA_DIR`, else `$XDG_DATA_HOME/tripboard`.
    public var data: URL
    /// Disposable files such as pictures: `TRIPBOARD_CACHE_DIR`, else `$XDG_CACHE_HOME/tripboard`.
    public var cache: URL

    public init(data: URL, cache: URL) {
        self.data = data
        self.cache = cache
    }

    public init(environment: [String: String]) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory(), isDirectory: true)
        func directory(_ override: String, _ xdg: String, _ fallback: String) -> URL {
            if let path = environment[override], !path.isEmpty { return URL(fileURLWithPath: path, isDirectory: true) }
            let base = environment[xdg].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
                ?? home.appendingPathComponent(fallback, isDirectory: true)
            return base.appendingPathComponent("tripboard", isDirectory: true)
        }
        data = directory("TRIPBOARD_DATA_DIR", "XDG_DATA_HOME", ".local/share")
        cache = directory("TRIPBOARD_CACHE_DIR", "XDG_CACHE_HOME", ".cache")
    }
}

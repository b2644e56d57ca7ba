import Foundation

/// Where the demo service answers, relative to its base URL.
public enum DemoEndpoints {
    /// The base URL of the in-process demo; `.invalid` guarantees it never reaches a network.
    public static let inProcessBase = URL(string: "http://demo.tripboard.invalid")!

    static let dealsPath = "/deals/search"
    static let imagesPath = "/deals/images"

    /// TramTracker's base under `base`, with the live service's own path.
    public static func tramTracker(base: URL) -> URL {
        base.appendingPathComponent(String(TramTrackerSimulator.path.dropFirst()))
    }

    /// The deals search endpoint under `base`.
    public static func deals(base: URL) -> URL {
        base.appendingPathComponent(String(dealsPath.dropFirst()))
    }

    /// The picture template under `base`, with the placeholders `DealsClient` fills in.
    public static func dealImageTemplate(base: URL) -> String {
        base.appendingPathComponent(String(imagesPath.dropFirst())).absoluteString
            + "/{type}/{id}?width={width}&height={height}"
    }
}

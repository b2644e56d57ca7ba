import Foundation
import TripCore

/// Where the demo service answers, relative to its base URL.
public enum DemoEndpoints {
    /// The base URL of the in-process demo; `.invalid` guarantees it never reaches a network.
    public static let inProcessBase = URL(string: "http://demo.tripboard.invalid")!

    /// TramTracker's base under `base`, with the live service's own path.
    public static func tramTracker(base: URL) -> URL {
        base.appendingPathComponent(String(TramTrackerSimulator.path.dropFirst()))
    }

    /// The deals search endpoint under `base`.
    public static func deals(base: URL) -> URL {
        DealsProvider.demoEndpoint(base: base)
    }

    /// The picture template under `base`, with the placeholders `DealsClient` fills in.
    public static func dealImageTemplate(base: URL) -> String {
        DealsProvider.demoImageTemplate(base: base)
    }
}

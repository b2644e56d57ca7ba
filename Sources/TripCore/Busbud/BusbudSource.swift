import Foundation

/// Where departures come from: the built-in demo, or Busbud at a base URL.
public enum BusbudSource: Sendable, Equatable {
    case demo
    case live(baseURL: URL, token: String?)

    public static let liveBaseURL = URL(string: "https://napi.busbud.com")!
}

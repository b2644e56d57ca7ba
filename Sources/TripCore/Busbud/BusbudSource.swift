import Foundation

/// Where departures come from: the built-in demo, or Busbud at a base URL.
public enum BusbudSource: Sendable, Equatable {
    case demo
    case live(baseURL: URL, token: String?)

    public static let liveBaseURL = URL(string: "https://napi.busbud.com")!

    /// `TRIPBOARD_BUSBUD_URL` selects the live service at that base URL whatever the settings say;
    /// `TRIPBOARD_BUSBUD_TOKEN` is its token.
    public init(environment: [String: String], fallback: BusbudSource = .demo) {
        if let text = environment["TRIPBOARD_BUSBUD_URL"], !text.isEmpty, let url = URL(string: text) {
            self = .live(baseURL: url, token: environment["TRIPBOARD_BUSBUD_TOKEN"].flatMap { $0.isEmpty ? nil : $0 })
        } else {
            self = fallback
        }
    }
}

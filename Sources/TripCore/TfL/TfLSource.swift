import Foundation

/// Where London bus data comes from: the built-in demo, or TfL at a base URL.
public enum TfLSource: Sendable, Equatable {
    case demo
    case live(baseURL: URL, appKey: String?)

    /// `TRIPBOARD_TFL_URL` selects the live service at that base URL whatever the settings say;
    /// `TRIPBOARD_TFL_APP_KEY` is its optional key.
    public init(environment: [String: String], fallback: TfLSource = .demo) {
        if let text = environment["TRIPBOARD_TFL_URL"], !text.isEmpty, let url = URL(string: text) {
            self = .live(baseURL: url, appKey: environment["TRIPBOARD_TFL_APP_KEY"].flatMap { $0.isEmpty ? nil : $0 })
        } else {
            self = fallback
        }
    }
}

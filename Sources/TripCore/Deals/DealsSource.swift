import Foundation

/// Where deals come from: the built-in demo, or a live endpoint the user or the environment names.
public enum DealsSource: Sendable, Equatable {
    case demo
    case live(endpoint: URL, imageTemplate: ImageURLTemplate?)

    /// `TRIPBOARD_DEALS_URL` (the full endpoint) selects the live service whatever the settings say;
    /// `TRIPBOARD_DEALS_IMAGE_URL` is its picture template.
    public init(environment: [String: String], fallback: DealsSource = .demo) {
        if let text = environment["TRIPBOARD_DEALS_URL"], !text.isEmpty, let endpoint = URL(string: text) {
            let template = environment["TRIPBOARD_DEALS_IMAGE_URL"].flatMap { $0.isEmpty ? nil : ImageURLTemplate($0) }
            self = .live(endpoint: endpoint, imageTemplate: template)
        } else {
            self = fallback
        }
    }
}

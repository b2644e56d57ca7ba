/// What the welcome says about where the data comes from.
public enum WelcomeWords {
    /// Every service on the built-in demo.
    public static let allDemo = "Tripboard is running on its built-in demo service: no network and no keys are needed. "
        + "Live services are switched on in Settings."

    /// Some services live ("Coach search and London buses"), the others on the demo.
    public static func someLive(_ titles: [String]) -> String {
        "\(Plural.listed(titles)) \(titles.count == 1 ? "uses its" : "use their") live service; "
            + "the rest run on the built-in demo. Services are switched in Settings."
    }
}

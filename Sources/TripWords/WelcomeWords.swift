/// What the welcome says about where the data comes from.
public enum WelcomeWords {
    /// Every service on the built-in demo.
    public static var allDemo: String {
        tr("Tripboard is running on its built-in demo service: no network and no keys are needed. Live services are switched on in Settings.")
    }

    /// Some services live ("Coach search and London buses"), the others on the demo.
    public static func someLive(_ titles: [String]) -> String {
        // TRANSLATORS: %1$@ lists services by their titles: "Coach search and London buses".
        trn("%1$@ uses its live service; the rest run on the built-in demo. Services are switched in Settings.",
            "%1$@ use their live service; the rest run on the built-in demo. Services are switched in Settings.",
            titles.count).filled(Plural.listed(titles))
    }
}

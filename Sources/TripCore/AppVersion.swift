/// Tripboard's one version, kept here and nowhere else: `tripboard --version` prints it, every
/// request to a service carries it in the User-Agent, and `make install` writes it into the
/// AppStream metainfo's newest release (read from the built binary, so the two cannot disagree).
public enum AppVersion {
    public static let current = "0.3.0"
    /// Where the project lives, for the User-Agent's contact address.
    public static let homepage = "https://github.com/tripboard/tripboard"
    /// `Tripboard/0.3.0 (+https://github.com/tripboard/tripboard)`, as services are asked to be told.
    public static var userAgent: String { "Tripboard/\(current) (+\(homepage))" }
}

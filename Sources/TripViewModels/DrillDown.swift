/// A page opened from a tab's main view (a departure's details, a stop's board, Add Stop): the
/// window shows its title in the header bar, with Back, in place of the tabs.
public struct DrillDown: Sendable, Equatable {
    public var title: String
    public var subtitle: String

    public init(title: String, subtitle: String = "") {
        self.title = title
        self.subtitle = subtitle
    }
}

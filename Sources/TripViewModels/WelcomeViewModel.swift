import Observation
import TripCore
import TripWords

/// The welcome a new data folder opens on: what Tripboard does, where to start, and whether it runs
/// on the built-in demo. It shows until the person chooses somewhere to go (a choice here, or a tab);
/// the choice is saved at once, so the next launch opens where the window was left.
@MainActor
@Observable
public final class WelcomeViewModel {
    /// The welcome's large choices, and its Settings button.
    public enum Choice: CaseIterable, Sendable {
        case searchCoaches, addStops, browseDeals, settings

        /// The tab it opens.
        public var tab: Tab {
            switch self {
            case .searchCoaches: .search
            case .addStops: .favourites
            case .browseDeals: .deals
            case .settings: .settings
            }
        }
    }

    public private(set) var isShown: Bool
    /// Where its services' data comes from, in a sentence or two.
    public private(set) var sourceNote: String
    @ObservationIgnored private let remember: @MainActor (Tab) -> Void

    /// - Parameters:
    ///   - isShown: whether the window opens on it (a new data folder, and no tab asked for by name);
    ///   - remember: saves that the person chose, and the tab they went to.
    public init(isShown: Bool, settings: Settings, remember: @escaping @MainActor (Tab) -> Void) {
        self.isShown = isShown
        self.remember = remember
        sourceNote = Self.note(settings)
    }

    /// "Show Welcome" in the main menu: back to it, until the next choice.
    public func show() {
        isShown = true
    }

    /// The person chose `choice`: the welcome gives way, and the choice is remembered. Returns the
    /// tab to show (Search's form takes the focus, Favourites opens Add Stop: the window's part).
    @discardableResult
    public func choose(_ choice: Choice) -> Tab {
        leave(for: choice.tab)
        return choice.tab
    }

    /// A tab was shown some other way (a shortcut, a second launch asking for it): that too is a
    /// choice, remembered if it ends the welcome.
    public func leave(for tab: Tab) {
        guard isShown else { return }
        isShown = false
        remember(tab)
    }

    static func note(_ settings: Settings) -> String {
        let live = settings.registry.services.filter(settings.isLive).map(\.title)
        return live.isEmpty ? WelcomeWords.allDemo : WelcomeWords.someLive(live)
    }
}

extension WelcomeViewModel: SettingsFollower {
    public func follow(_ settings: Settings, services: PageClients, changed: SettingKey, clock: ClockFormat?) {
        sourceNote = Self.note(settings)
    }
}

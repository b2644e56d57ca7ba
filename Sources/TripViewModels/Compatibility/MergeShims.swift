import TripCore
import TripWords

// Temporary shims, kept only so the files another branch restructures now (Favourites/*,
// SettingsViewModel.swift, FavouritesCommand.swift) compile unchanged against TripCore's typed
// reasons. Each forwards to the wording layer. Remove them once that branch is merged and those
// files call TripWords themselves.

/// `ArrivalText` moved to TripWords; Favourites/* still name it without importing TripWords.
typealias ArrivalText = TripWords.ArrivalText

extension ArrivalsResult {
    /// Shim for Favourites/StopBoard.swift: `leftOut.sentence(.prediction)`.
    var leftOutSentence: String? { leftOut.sentence(.prediction) }
}

extension StopNotice {
    /// Shim for Favourites/FavouriteRow.swift and StopBoard.swift: `ArrivalText.notice(_:)`.
    var shown: String { ArrivalText.notice(self) }
}

extension TransitProvider {
    /// Shim for Favourites/ArrivalRow.swift: `ArrivalText.countdown(seconds:provider:)`.
    func countdown(seconds: Int) -> String { ArrivalText.countdown(seconds: seconds, provider: self) }
}

extension SettingProblem {
    /// Shim for SettingsViewModel.swift: `sentence`.
    var message: String { sentence }
}

extension SettingKey {
    /// Shim for SettingsViewModel.swift, which reads `requiredWhenLive` as `(key:, problem:)` pairs;
    /// it is now a list of keys.
    var key: SettingKey { self }
}

extension ServiceProvider {
    /// Shim for SettingsViewModel.swift: why a live service is reached over plain http.
    var plainHTTPReason: String? { plainHTTPOnlyAt.map { "\($0) offers nothing else" } }
}

/// Shim for Favourites/FavouritesViewModel.swift and tripboard's FavouritesCommand.swift, which
/// build `.service("no service for … stops")` from text: such text is taken as words said.
extension ServiceRefusal: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .said(value) }
    public init(stringInterpolation: DefaultStringInterpolation) { self = .said(String(stringInterpolation: stringInterpolation)) }
}

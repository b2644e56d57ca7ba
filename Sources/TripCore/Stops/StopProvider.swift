import Foundation

/// Who runs a stop and answers for its arrivals. Stored in the favourites database by raw value.
public enum StopProvider: String, Sendable, Hashable, CaseIterable {
    /// Transport for London: London buses.
    case tfl

    /// The city and mode, as a person reads it beside a stop: "London bus".
    public var modeName: String {
        switch self {
        case .tfl: "London bus"
        }
    }

    /// The zone whose wall clock people at the stop read.
    public var timeZone: TimeZone {
        switch self {
        case .tfl: TimeZone(identifier: "Europe/London")!
        }
    }
}

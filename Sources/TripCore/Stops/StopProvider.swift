import Foundation

/// Who runs a stop and answers for its arrivals. Stored in the favourites database by raw value.
public enum StopProvider: String, Sendable, Hashable, CaseIterable {
    /// Transport for London: London buses.
    case tfl
    /// Yarra Trams' TramTracker: Melbourne trams.
    case tramTracker

    /// The city and mode, as a person reads it beside a stop: "London bus".
    public var modeName: String {
        switch self {
        case .tfl: "London bus"
        case .tramTracker: "Melbourne tram"
        }
    }

    /// The zone whose wall clock people at the stop read.
    public var timeZone: TimeZone {
        switch self {
        case .tfl: TimeZone(identifier: "Europe/London")!
        case .tramTracker: TimeZone(identifier: "Australia/Melbourne")!
        }
    }

    /// More than one: "buses", "trams".
    public var vehiclesName: String {
        switch self {
        case .tfl: "buses"
        case .tramTracker: "trams"
        }
    }

    /// What comes to the stop, for sentences: "bus", "tram".
    public var vehicleName: String {
        switch self {
        case .tfl: "bus"
        case .tramTracker: "tram"
        }
    }

    /// How the city's own signs show clock times: 24-hour in London, 12-hour in Melbourne.
    public var clockHabit: ClockFormat {
        self == .tfl ? .twentyFourHour : .twelveHour
    }
}

import Foundation
import TripCore

/// What is known live about one stop: its latest arrivals and how the last refresh went.
public struct StopLive: Sendable, Equatable {
    /// The latest arrivals that came, and when they were fetched.
    public var result: ArrivalsResult?
    public var fetchedAt: Date?
    /// The last refresh failed; `result`, if any, is older.
    public var failure: UserFacingError?
    public var isLoading = false

    public init() {}
}

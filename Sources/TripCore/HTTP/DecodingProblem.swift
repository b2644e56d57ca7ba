/// Why (part of) an answer could not be read. A path is the coding path's keys and indices
/// (`["departures", "3", "prices"]`); an empty path is the top level of the answer.
public indirect enum DecodingProblem: Sendable, Equatable {
    /// The body is not JSON at all.
    case notJSON
    /// A value at `path` could not be read.
    case unreadableValue(at: [String])
    /// The field `field` is missing in the object at `path`.
    case missingField(String, at: [String])
    /// A value at `path` is of another type than expected, or null.
    case unexpectedValue(at: [String])
    /// The body was empty.
    case emptyAnswer
    /// A web page came instead of data: the address may be wrong, or something in between answered.
    case webPage
    /// No device token in an answer that should carry one (TramTracker).
    case noDeviceToken
    /// A key of the deals answer is not a destination key ("type|id").
    case notADestinationKey(String)
    /// The deals entry under this key could not be read.
    case unreadableEntry(String)
    /// The departure with this id has times that cannot be read.
    case unreadableTimes(departure: String)
    /// Nothing at all of the `count` items the service sent could be read; why the first could not.
    case nothingReadable(count: Int, of: ItemKind, first: DecodingProblem?)
    /// Any other failure, in the decoder's own words.
    case other(String)
}

/// Marks a message for the catalogue; TripWords translates it where it is shown (`translated(_:)`).
/// TripCore writes no translations itself (it imports neither TripWords nor gettext): the words it
/// holds as data — a service's title, mode and vehicle names, setting captions and choice titles —
/// stay in English here, and xgettext collects them through this marker (GNU's `N_`). Names of
/// places, stops, cities and operators are data from the services and are never marked.
@inline(__always)
public func N_(_ message: StaticString) -> String {
    message.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
}

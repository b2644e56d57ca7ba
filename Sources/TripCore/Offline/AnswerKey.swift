import Foundation

/// Which request a kept answer answers: its kind and a stable text that is the same for the same
/// request in every run (no `Hasher`, no dictionary order), so the answer kept yesterday is found today.
public struct AnswerKey: Hashable, Sendable, CustomStringConvertible {
    public var kind: AnswerKind
    /// Everything that makes the request what it is, fields in a fixed order, "|"-separated.
    public var identity: String

    public init(kind: AnswerKind, identity: String) {
        self.kind = kind
        self.identity = identity
    }

    /// The deals for `query` from `source` (the address asked: the demo's answers are not a live
    /// service's): its body as sent (its keys sorted, so the same query gives the same bytes).
    public static func deals(_ query: DealsQuery, source: URL) -> AnswerKey {
        AnswerKey(kind: .deals, identity: source.absoluteString + "|" + String(decoding: query.jsonBody(), as: UTF8.self))
    }

    /// A departure search: its route, date and travellers, and the currency and language its prices
    /// and names were asked in.
    public static func departures(_ query: DepartureQuery, source: URL) -> AnswerKey {
        AnswerKey(kind: .departures, identity: [source.absoluteString, query.origin, query.destination, query.date.description,
                                                String(query.adults), String(query.children), String(query.seniors),
                                                query.currency, query.language].joined(separator: "|"))
    }

    /// A stop's arrivals at `service` (its id: the same stop id may mean another stop elsewhere),
    /// asked at `source`.
    public static func arrivals(service: ServiceID, source: URL, stop: String) -> AnswerKey {
        AnswerKey(kind: .arrivals, identity: [service.rawValue, source.absoluteString, stop].joined(separator: "|"))
    }

    /// "deals|…": the kind and identity as one line, as written in the kept file.
    public var description: String { kind.rawValue + "|" + identity }

    /// The kept file's name: FNV-1a of `description`, so no request text reaches the file system.
    public var fileName: String {
        StableHash.hex(StableHash.fnv1a(description)) + ".answer"
    }
}

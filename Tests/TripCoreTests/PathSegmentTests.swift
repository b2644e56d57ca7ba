import Foundation
import Testing
@testable import TripCore

/// Whatever a stop name holds, the TfL client sends it as exactly one path segment.
struct PathSegmentTests {
    static let names = [
        "Waterloo Station / Tenison Way", "Where? Here", "Stop #5", "100% Bus", "A+B", "Fish & Chips",
        "a;b=c,d", "two  spaces", "Gare de l’Est — Ünïcödé 東京 🚌", "..", ".", "%2F already encoded", "back\\slash",
    ]

    /// The search text is the third segment after the base's own path, decoding back to itself, and
    /// carries nothing but unreserved characters and percent escapes.
    @Test(arguments: names)
    func searchTextIsOneSegment(name: String) async throws {
        let transport = ScriptedTransport([.success(HTTPResponse(status: 200, body: Data(#"{"matches": []}"#.utf8)))])
        let tfl = TfLClient(transport: transport, baseURL: URL(string: "https://api.example/tfl")!)
        _ = try await tfl.searchStops(matching: name)
        let url = try #require(transport.requests.first?.url)
        let path = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)).percentEncodedPath
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        #expect(Array(segments.prefix(3)) == ["tfl", "StopPoint", "Search"])
        #expect(segments.count == 4)
        let sent = try #require(segments.last)
        #expect(sent.removingPercentEncoding == name)
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~%")
        #expect(sent.allSatisfy { unreserved.contains($0) || ($0 == "." && !sent.allSatisfy { $0 == "." }) })
        #expect(url.standardized.path(percentEncoded: true) == path, "no step up the path")
    }

    /// Query values keep "&", "=", "+", "#" and spaces as data: read back the way servers read a
    /// query ("+" as a space), each value is what was given.
    @Test func queryValuesStayWhole() throws {
        let value = "a+b&c=d #e%f"
        let url = URL(string: "https://napi.example")!.appendingSegments(["x"], query: [URLQueryItem(name: "k", value: value)])
        let query = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery)
        let pairs = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        #expect(pairs.count == 1)
        #expect(pairs.first?.first == "k")
        #expect(pairs.first?.last?.replacingOccurrences(of: "+", with: " ").removingPercentEncoding == value)
    }

    /// A city that is not a geohash still stays in its own segment of the Busbud path.
    @Test func busbudCitiesAreOneSegmentEach() {
        let query = DepartureQuery(origin: "New York/NY", destination: "Montréal?", date: LocalDate(year: 2026, month: 12, day: 18))
        let url = BusbudClient(transport: ScriptedTransport([]), baseURL: URL(string: "https://napi.example/prefix")!)
            .url(for: query, poll: true, index: 3)
        #expect(url.absoluteString.hasPrefix(
            "https://napi.example/prefix/x-departures/New%20York%2FNY/Montr%C3%A9al%3F/2026-12-18/poll?adult=1&"))
    }
}

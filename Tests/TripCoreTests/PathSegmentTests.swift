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
}

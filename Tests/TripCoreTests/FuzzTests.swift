import Foundation
import Testing
import TestSupport
@testable import TripCore

/// Every decoder under fire: mutated copies of the fixtures (bit flips, truncations, type swaps,
/// invalid UTF-8, deep nesting, huge numbers) must give an answer or an `APIError`, never a crash
/// or a hang. The mutations are the same on every run (a fixed seed); `TRIPBOARD_FUZZ_ITERATIONS`
/// runs more of them (the default keeps `make test` quick).
struct FuzzTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["TRIPBOARD_FUZZ_ITERATIONS"] ?? "") ?? 100
    /// Far above what any input here takes (milliseconds); only a hang or a runaway would reach it.
    static let perInputLimit: Duration = .seconds(2)

    /// The seeds: this package's fixtures (the fuzz corpus among them) and the captured payloads beside
    /// the checkout (a missing one fails the run: fuzzing without them would check less than it says).
    static func seeds() throws -> [Data] {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        var seeds = try files.sorted().map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        for shared in ["busbud/search_response_complete.json", "busbud/poll_response_not_complete.json",
                       "busbud/departure_example.json", "deals/testData.json", "tfl/arrivals_490005020N.json",
                       "tfl/stoppoint_search_green_park.json", "tramtracker/predictions_route109.json"] {
            seeds.append(try Fixture.shared(shared))
        }
        return seeds
    }

    /// Every decoder the clients use on a service's body, and the date parsers, given one input.
    static func decodeEverything(_ body: Data) {
        _ = try? DealsResult.decode(body, currency: "GBP")
        _ = try? DeparturesPage.decode(body)
        _ = try? JSONDecoder().decode([Lossy<TfLPrediction>].self, from: body)
        _ = try? JSONDecoder().decode(TfLSearchResponse.self, from: body)
        _ = try? JSONDecoder().decode([Lossy<TfLStopPoint>].self, from: body)
        _ = try? JSONDecoder().decode(TramTrackerEnvelope<TramPrediction>.self, from: body)
        _ = ServiceReason.read(from: HTTPResponse(status: 400, body: body))
        if let text = String(data: body.prefix(200), encoding: .utf8) {
            _ = DotNetDate.parse(text)
            _ = ISO8601Instant.parse(text)
            _ = LocalDateTime(text)
        }
    }

    @Test func mutatedInputsNeverCrashOrHang() throws {
        var random = SplitMix64(seed: 0x7269_7062_6f61_7264)
        let clock = ContinuousClock()
        var slowest: Duration = .zero
        var tried = 0
        for seed in try Self.seeds() {
            for _ in 0..<Self.iterations {
                let input = Mutation.apply(to: seed, random: &random)
                let took = clock.measure { Self.decodeEverything(input) }
                slowest = max(slowest, took)
                tried += 1
                #expect(took < Self.perInputLimit, "an input took \(took)")
            }
        }
        print("fuzz: \(tried) mutated inputs, slowest \(slowest)")
    }

    /// The quick reading of a departures page never disagrees with the thorough one: wherever it
    /// gives an answer (on every plain page, and on whichever mutated ones it takes), the thorough
    /// reading gives the same. Where it gives up, the thorough reading is what `decode` returns.
    @Test func quickAndThoroughDepartureReadingsAgree() throws {
        var random = SplitMix64(seed: 0x6661_7374)
        var taken = 0
        var tried = 0
        for seed in try Self.seeds() {
            for input in [seed] + (0..<Self.iterations).map({ _ in Mutation.apply(to: seed, random: &random) }) {
                tried += 1
                guard let quick = DeparturesFastReader.read(input) else { continue }
                taken += 1
                let thorough = Result { () throws(APIError) in try DeparturesPage.decodeThoroughly(input) }
                #expect(thorough == .success(quick), "the readings differ on \(String(decoding: input.prefix(300), as: UTF8.self))")
            }
        }
        print("departure readings: the quick one took \(taken) of \(tried) inputs, all agreeing")
        #expect(taken > 10, "the quick reading takes the plain pages")
    }

    /// Strings are stepped over eight bytes at a time: a quote, an escape, a control character, a
    /// non-ASCII character or a broken one at each place of strings of each length, in a key and in
    /// values, is read as the thorough reading reads it (or left to it).
    @Test func everyByteOfAStringIsLookedAt() throws {
        let specials: [[UInt8]] = [Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u00e9"#.utf8), Array("é".utf8),
                                   Array("€".utf8), [0x01], [0xFF], [0xC3], Array(#"""#.utf8)]
        // Where the string goes in a departure: before it, after it.
        let shapes: [(String, String)] = [(#"{"id":"d-1","class_name":""#, #"","#), (#"{"id":"d-"#, #"","#),
                                          (#"{"id":"d-1","x"#, #"":1,"#)]
        let rest = #""departure_time":"2016-07-29T07:00:00","arrival_time":"2016-07-29T15:00:00","prices":{"total":4000}}]}"#
        var taken = 0, tried = 0
        for length in 0..<20 {
            for place in 0...length {
                for special in specials {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    text.insert(contentsOf: special, at: place)
                    for (before, after) in shapes {
                        let body = Data(Array(#"{"complete":true,"departures":["#.utf8) + Array(before.utf8) + text
                                        + Array(after.utf8) + Array(rest.utf8))
                        tried += 1
                        guard let quick = DeparturesFastReader.read(body) else { continue }
                        taken += 1
                        let thorough = Result { () throws(APIError) in try DeparturesPage.decodeThoroughly(body) }
                        #expect(thorough == .success(quick), "\(String(decoding: body, as: UTF8.self))")
                    }
                }
            }
        }
        #expect(taken > tried / 3, "the quick reading takes strings with escapes and other UTF-8 (\(taken) of \(tried))")
    }

    /// What fuzzing found, kept: seconds with hundreds of digits once crashed the time parser.
    @Test func timesWithRunawaySecondsAreNoTime() {
        #expect(LocalDateTime("2026-11-22T09:05:" + String(repeating: "9", count: 400)) == nil)
        #expect(ISO8601Instant.parse("2026-11-22T09:05:" + String(repeating: "9", count: 400) + "Z") == nil)
        #expect(LocalDateTime("2026-11-22T09:05:30.5")?.second == 30)
    }

    /// The .NET date parser on random text around its pattern.
    @Test func dotNetDatesFromNoise() {
        var random = SplitMix64(seed: 42)
        let pieces = ["/Date(", ")/", "\\/", "+", "-", "1100", "9", "0", "99999999999999999999", "e", ".", " ", "(", ")"]
        for _ in 0..<(Self.iterations * 20) {
            let text = (0..<Int(random.next() % 8)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            if let date = DotNetDate.parse(text) {
                #expect(date.timeIntervalSince1970.isFinite, "\(text)")
            }
        }
    }
}

enum Mutation: CaseIterable {
    case flipBits, truncate, swapTypes, invalidUTF8, nest, hugeNumber, duplicate

    static func apply(to seed: Data, random: inout SplitMix64) -> Data {
        var bytes = [UInt8](seed)
        guard !bytes.isEmpty else { return seed }
        func position() -> Int { Int(random.next() % UInt64(bytes.count)) }
        switch allCases[Int(random.next() % UInt64(allCases.count))] {
        case .flipBits:
            for _ in 0..<(1 + random.next() % 8) { bytes[position()] ^= UInt8(1 << (random.next() % 8)) }
        case .truncate:
            bytes = Array(bytes.prefix(position()))
        case .swapTypes:
            // A value of one JSON type where another was: a string, a number, a list, an object, null.
            let swaps: [[UInt8]] = [Array("\"x\"".utf8), Array("1e308".utf8), Array("[]".utf8), Array("{}".utf8),
                                    Array("null".utf8), Array("-0".utf8), Array("true".utf8)]
            for _ in 0..<(1 + random.next() % 4) {
                let at = position()
                guard let colon = bytes[at...].firstIndex(of: UInt8(ascii: ":")) else { continue }
                let end = bytes[(colon + 1)...].firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") } ?? bytes.count
                bytes.replaceSubrange((colon + 1)..<end, with: swaps[Int(random.next() % UInt64(swaps.count))])
            }
        case .invalidUTF8:
            bytes.insert(contentsOf: [0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80], at: position())
        case .nest:
            let depth = Int(1 + random.next() % 3000)
            bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: depth), at: position())
        case .hugeNumber:
            let at = position()
            if let digit = bytes[at...].firstIndex(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "9"), count: 400), at: digit)
            }
        case .duplicate:
            let start = position()
            let slice = bytes[start..<min(bytes.count, start + Int(random.next() % 200))]
            bytes.insert(contentsOf: slice, at: position())
        }
        return Data(bytes)
    }
}

import Foundation
import Synchronization
import Testing
import TripCore
import TripDemo
import TripLive
import TripViewModels
import TestSupport

/// Every fault the demo service can inject, against every client, in-process and over real HTTP on
/// 127.0.0.1, each checked for what a person would see: the normal answer (the fault was ridden
/// out), a search that kept what it had and said it stopped, a picture's placeholder, or the title
/// of the error shown with its Retry.
@Suite struct FaultMatrixTests {
    enum Client: String, CaseIterable, CustomTestStringConvertible {
        case deals, images, search, searchPolls, tflArrivals, tflStops, trams

        var testDescription: String { rawValue }

        /// The demo route the fault is put on.
        var route: String {
            switch self {
            case .deals: "deals"
            case .images: "images"
            case .search: "departures"
            case .searchPolls: "poll"
            case .tflArrivals: "arrivals"
            case .tflStops: "stops"
            case .trams: "trams"
            }
        }
    }

    enum Outcome: Error, Equatable, CustomStringConvertible {
        /// The same answer as with no fault.
        case normal
        /// The title of the error a person reads (every one comes with Retry or a pointer to Settings).
        case failed(String)
        /// A search that kept what it had and said it stopped before the service finished.
        case stoppedEarly
        /// Bytes that are not the picture: the page shows its placeholder.
        case notThePicture

        var description: String {
            switch self {
            case .normal: "the normal answer"
            case .failed(let title): "“\(title)”"
            case .stoppedEarly: "stopped early"
            case .notThePicture: "not the picture"
            }
        }
    }

    static let faults = ["500", "503", "503@1", "429@1", "429:60", "dropped@1", "dropped", "malformed", "truncated",
                         "empty", "html", "huge", "service-error", "expired-token", "expired-token@2-2", "hang", "slow:300",
                         "never-complete", "duplicate", "shuffle"]

    /// What a person sees with `fault` on `client`'s route; nil where the fault does not apply.
    static func expected(_ fault: String, _ client: Client) -> Outcome? {
        let isSearch = client == .search || client == .searchPolls
        let retriesGETs = client != .deals
        switch fault {
        case "never-complete": return isSearch ? (client == .searchPolls ? .stoppedEarly : .normal) : nil
        case "duplicate", "shuffle": return isSearch ? .normal : nil
        case "slow:300": return .normal
        case "503@1", "429@1", "dropped@1":
            if retriesGETs { return .normal }
            return .failed(fault.hasPrefix("503") ? "The service is having trouble"
                : fault.hasPrefix("429") ? "The service is busy" : "Can’t reach the service")
        case "500", "503": return .failed("The service is having trouble")
        case "429:60": return .failed("The service is busy")
        case "dropped", "hang": return .failed("Can’t reach the service")
        case "malformed", "truncated", "empty", "html":
            return client == .images ? .notThePicture : .failed("Unexpected answer from the service")
        case "huge": return .failed("Unexpected answer from the service")
        case "service-error":
            return client == .trams ? .failed("The service reported a problem")
                : client == .images ? .notThePicture : .failed("Unexpected answer from the service")
        case "expired-token":
            return client == .trams ? .failed("The service reported a problem")
                : .failed("The service did not accept the credentials")
        case "expired-token@2-2":
            // TramTracker's second request is the predictions: the client gets a new token and asks again.
            // A search's second poll and a stop search's details fail; the other clients make one request.
            return client == .searchPolls || client == .tflStops ? .failed("The service did not accept the credentials") : .normal
        default: Issue.record("no expectation for \(fault)"); return nil
        }
    }

    static var cases: [(String, Client)] {
        faults.flatMap { fault in Client.allCases.filter { expected(fault, $0) != nil }.map { (fault, $0) } }
    }

    /// 08:00 in London, 19:00 in Melbourne, 03:00 in New York: buses, trams and coaches all run.
    static let moment = ISO8601Instant.parse("2026-11-23T08:00:00Z")!
    /// A `slow` answer (0.3 s) comes well inside it however busy the machine (30 times over), and
    /// `hang` gives up at it: the only wait of the matrix on the real clock, all cases at once.
    static let timeLimit: Duration = .seconds(10)

    @Test(arguments: cases)
    func inProcess(fault: String, client: Client) async throws {
        let outcome = try await Self.outcome(of: client, base: DemoEndpoints.inProcessBase) { spec in
            DemoTransport(service: DemoService(faults: try FaultPlan(spec: spec), now: { Self.moment }))
        } fault: { "\(client.route)=\(fault)" }
        #expect(outcome == Self.expected(fault, client), "\(client.route)=\(fault) in-process")
    }

    @Test(arguments: cases)
    func overHTTP(fault: String, client: Client) async throws {
        let spec = "\(client.route)=\(fault)"
        let outcome = try await withDemoServer(faults: spec, now: { Self.moment }) { base in
            try await Self.outcome(of: client, base: base) { _ in URLSessionTransport() } fault: { spec }
        }
        #expect(outcome == Self.expected(fault, client), "\(spec) over HTTP")
    }

    /// Runs `client` with no fault and with the fault, and says how the faulty run differs.
    static func outcome(of client: Client, base: URL, transport: (String) throws -> any HTTPTransport,
                        fault: () -> String) async throws -> Outcome {
        func retrying(_ spec: String) throws -> any HTTPTransport {
            RetryingTransport(try transport(spec), clock: SteppedClock(sleepsEndAtOnce: true), timeLimit: TimeLimit(timeLimit))
        }
        // Over HTTP the server's faults are fixed, so the normal answer comes from the in-process demo.
        let normal = try await run(client, base: DemoEndpoints.inProcessBase,
                                   transport: RetryingTransport(DemoTransport(service: DemoService(now: { moment })))).get()
        let faulty = try await run(client, base: base, transport: try retrying(fault()))
        switch faulty {
        case .success(let answer): return answer == normal ? .normal : (client == .images ? .notThePicture : .failed("a different answer: \(answer)"))
        case .failure(let outcome): return outcome
        }
    }

    /// The client's answer in a comparable form, or the outcome a person sees instead of it.
    static func run(_ client: Client, base: URL, transport: any HTTPTransport) async throws -> Result<String, Outcome> {
        func failed(_ error: APIError) -> Result<String, Outcome> {
            .failure(.failed(UserFacingError(error, service: "the service").title))
        }
        do {
            switch client {
            case .deals:
                let result = try await dealsClient(base, transport).fetchDeals(DealsQuery.standard(now: moment))
                return .success(result.deals.map { "\($0.key) \($0.title) \($0.minPrice)" }.joined(separator: "\n"))
            case .images:
                // The deals come from the in-process demo; only the picture comes through `transport`.
                let deals = try await dealsClient(DemoEndpoints.inProcessBase, DemoTransport(service: DemoService(now: { moment })))
                    .fetchDeals(DealsQuery.standard(now: moment)).deals
                let picture = try #require(deals.first?.imageURL).absoluteString
                    .replacingOccurrences(of: DemoEndpoints.inProcessBase.absoluteString, with: base.absoluteString)
                let data = try await ImageCache(transport: transport, directory: nil).imageData(at: URL(string: picture)!)
                return .success(data.base64EncodedString())
            case .search, .searchPolls:
                let search = DepartureSearch(client: BusbudClient(transport: transport, baseURL: base), clock: SteppedClock(sleepsEndAtOnce: true),
                                             pollInterval: .milliseconds(1), deadline: .seconds(60), maxPolls: 5)
                var last: SearchSnapshot?
                for await snapshot in search.snapshots(for: Settings().searchDefaults(today: LocalDate(moment, in: .gmt))) {
                    last = snapshot
                }
                let finished = try #require(last)
                switch finished.phase {
                case .complete:
                    #expect(finished.skipped == 0)
                    return .success(finished.departures.map(\.id).sorted().joined(separator: "\n"))
                case .gaveUp:
                    #expect(!finished.departures.isEmpty, "a search that stopped early keeps what it had")
                    return .failure(.stoppedEarly)
                case .failed(let error): return failed(error)
                case .searching: return .failure(.failed("still searching"))
                }
            case .tflArrivals:
                let result = try await TfLClient(transport: transport, baseURL: base).arrivals(at: "490000173OE")
                #expect(result.skipped == 0)
                return .success(result.arrivals.map { "\($0)" }.joined(separator: "\n"))
            case .tflStops:
                let stops = try await TfLClient(transport: transport, baseURL: base).searchStops(matching: "Oxford Circus")
                return .success(stops.map { "\($0.stopID) \($0.name)" }.joined(separator: "\n"))
            case .trams:
                let result = try await TramTrackerClient(transport: transport, baseURL: DemoEndpoints.tramTracker(base: base),
                                                         keeper: nil).arrivals(at: "4053")
                #expect(result.skipped == 0)
                return .success(result.arrivals.map { "\($0)" }.joined(separator: "\n"))
            }
        } catch let error as APIError {
            return failed(error)
        }
    }

    static func dealsClient(_ base: URL, _ transport: any HTTPTransport) -> DealsClient {
        DealsClient(transport: transport, endpoint: DemoEndpoints.deals(base: base),
                    imageTemplate: ImageURLTemplate(DemoEndpoints.dealImageTemplate(base: base)))
    }

    /// The normal answers are not empty, so "the same as normal" means something.
    @Test(arguments: Client.allCases)
    func normalAnswersHaveSomethingInThem(client: Client) async throws {
        let answer = try await Self.run(client, base: DemoEndpoints.inProcessBase,
                                        transport: DemoTransport(service: DemoService(now: { Self.moment })))
        #expect(try answer.get().count > 20)
    }
}

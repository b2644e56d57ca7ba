import Foundation
import Testing
import TripCore
import TripDemo
@testable import TripLive

/// The live transport over real HTTP on 127.0.0.1, against the demo service's HTTP face.
struct URLSessionTransportTests {
    let query = DealsQuery(checkInDate: Date(timeIntervalSince1970: 1_797_724_800))

    func client(_ base: URL, transport: URLSessionTransport = URLSessionTransport()) -> DealsClient {
        DealsClient(transport: transport, endpoint: DemoEndpoints.deals(base: base),
                    imageTemplate: ImageURLTemplate(DemoEndpoints.dealImageTemplate(base: base)))
    }

    /// A deals search goes out as a POST and the demo's 21 destinations come back in order.
    @Test func fetchesDealsOverHTTP() async throws {
        let result = try await withDemoServer { base in try await client(base).fetchDeals(query) }
        #expect(result.deals.count == 21)
        #expect(result.deals.first?.title == "Canary Islands")
        #expect(result.deals.map(\.position) == Array(0..<21))
        #expect(result.deals.first?.imageURL?.path == "/deals/images/10/10031")
    }

    /// Over HTTP and in-process, the demo gives the very same answer.
    @Test func httpAndInProcessAgree() async throws {
        let overHTTP = try await withDemoServer { base in try await client(base).fetchDeals(query) }
        let base = DemoEndpoints.inProcessBase
        let inProcess = try await DealsClient(transport: DemoTransport(), endpoint: DemoEndpoints.deals(base: base),
                                              imageTemplate: nil).fetchDeals(query)
        #expect(overHTTP.deals.map(\.minPrice) == inProcess.deals.map(\.minPrice))
        #expect(overHTTP.deals.map(\.count) == inProcess.deals.map(\.count))
    }

    /// A non-2xx status becomes `APIError.httpStatus`; the next request succeeds again.
    @Test func statusIsMappedThenRecovers() async throws {
        try await withDemoServer(faults: "deals=503@1") { base in
            let client = client(base)
            await #expect(throws: APIError.httpStatus(503)) { try await client.fetchDeals(query) }
            let recovered = try await client.fetchDeals(query)
            #expect(recovered.deals.count == 21)
        }
    }

    /// A 200 whose body is not JSON is a decoding error.
    @Test func malformedBodyIsADecodingError() async throws {
        try await withDemoServer(faults: "deals=malformed") { base in
            await #expect {
                try await client(base).fetchDeals(query)
            } throws: { error in
                if case APIError.decoding = error { true } else { false }
            }
        }
    }

    /// A body over the cap is abandoned with a transport error, not read into memory.
    @Test func oversizedBodyIsRefused() async throws {
        try await withDemoServer(faults: "deals=huge") { base in
            let transport = URLSessionTransport(maxBodyBytes: 1 << 20)
            await #expect {
                try await client(base, transport: transport).fetchDeals(query)
            } throws: { error in
                error as? APIError == .tooLarge(limit: 1 << 20)
            }
        }
    }

    /// A server that never answers times out with a clear transport error.
    @Test func silentServerTimesOut() async throws {
        try await withDemoServer(faults: "deals=hang") { base in
            let transport = URLSessionTransport(timeout: 1)
            await #expect {
                try await client(base, transport: transport).fetchDeals(query)
            } throws: { error in
                guard case APIError.transport(let reason) = error else { return false }
                return reason == .timedOut(seconds: 1)
            }
        }
    }

    /// Cancelling the caller's task stops the request at once and reports cancellation.
    @Test func cancellationStopsTheRequest() async throws {
        try await withDemoServer(faults: "deals=hang") { base in
            let client = client(base)
            let started = ContinuousClock.now
            let request = Task { try await client.fetchDeals(query) }
            try await Task.sleep(for: .milliseconds(200))
            request.cancel()
            await #expect(throws: APIError.cancelled) { try await request.value }
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }

    /// Nothing listening: a transport error saying the connection was refused.
    @Test func refusedConnectionIsATransportError() async throws {
        // Port 9 (discard) on loopback has no listener here.
        let client = client(URL(string: "http://127.0.0.1:9")!)
        await #expect {
            try await client.fetchDeals(query)
        } throws: { error in
            if case APIError.transport = error { true } else { false }
        }
    }
}

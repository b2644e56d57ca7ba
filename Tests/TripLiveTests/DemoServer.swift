import Foundation
import TripCore
import TripDemo

/// Runs `body` against `tripboard serve-demo`'s server, listening on a free port of 127.0.0.1.
@discardableResult
func withDemoServer<T>(faults: String = "", now: @escaping @Sendable () -> Date = Date.init,
                       _ body: (URL) async throws -> T) async throws -> T {
    let server = DemoHTTPServer(service: DemoService(faults: try FaultPlan(spec: faults), now: now), port: 0)
    let (ports, announce) = AsyncStream<Int>.makeStream()
    let serving = Task { try await server.run { port in announce.yield(port) } }
    defer { serving.cancel() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next(), port > 0 else { throw APIError.transport(.system("demo server did not start")) }
    let result = try await body(URL(string: "http://127.0.0.1:\(port)")!)
    serving.cancel()
    _ = try? await serving.value
    return result
}

import ArgumentParser
import Foundation
import TripDemo

/// `tripboard serve-demo`: the built-in demo service over HTTP on 127.0.0.1.
struct ServeDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-demo",
        abstract: "Serve the demo service over HTTP on 127.0.0.1 until interrupted.")

    @Option(help: "Port to listen on; 0 picks a free one (printed on start).")
    var port = 8080

    @Option(help: "Faults to inject, e.g. deals=503@1 (see the README).")
    var faults = ""

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        do { _ = try FaultPlan(spec: faults) } catch { throw ValidationError(error.description) }
    }

    func run() async throws {
        let plan = try FaultPlan(spec: faults)
        let server = DemoHTTPServer(service: DemoService(faults: plan), port: port)
        try await server.run { port in
            FileHandle.standardOutput.write(Data("Demo service listening on http://127.0.0.1:\(port)\n".utf8))
        }
    }
}

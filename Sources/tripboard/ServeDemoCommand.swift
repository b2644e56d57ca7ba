import ArgumentParser
import Foundation
import TripDemo
import TripWords

/// `tripboard serve-demo`: the built-in demo service over HTTP on 127.0.0.1.
struct ServeDemoCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "serve-demo",
            abstract: tr("Serve the demo service over HTTP on 127.0.0.1 until interrupted."),
            discussion: tr("The same simulated deals, coach, TfL and TramTracker services the app uses built in, for tests and for building clients. Examples:") + examples(
                "tripboard serve-demo --port 0",
                "tripboard serve-demo --port 8080 --faults deals=503@1,poll=never-complete"))
    }

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Port to listen on, 1 to 65535; 0 picks a free one (printed on start).")))
    var port = 8080

    @Option(help: ArgumentHelp(tr("Faults to inject, ROUTE=FAULT[@N] separated by commas, e.g. deals=503@1 (the README lists them). Default: none.")))
    var faults = ""

    @Option(help: ArgumentHelp(tr("Pin the demo's clock at this moment, ISO 8601 with a zone (2026-11-22T09:00:00Z). Default: the real clock.")),
            transform: CommonOptions.date)
    var now: Date?

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError(tr("--port must be between 0 and 65535")) }
        do { _ = try FaultPlan(spec: faults) } catch { throw ValidationError(error.sentence) }
    }

    func run() async throws {
        let plan = try FaultPlan(spec: faults)
        let service = if let now { DemoService(faults: plan, now: { now }) } else { DemoService(faults: plan) }
        let server = DemoHTTPServer(service: service, port: port)
        do {
            try await server.run { port in
                // TRANSLATORS: %1$ld is a port number.
                Output.print(tr("Demo service listening on http://127.0.0.1:%1$ld").filled(port))
            }
        } catch let error as DemoHTTPServer.PortInUse {
            throw CommandFailure.Plain(message: tr("port %1$ld is already in use on 127.0.0.1; choose another with --port N, or --port 0 for a free one")
                .filled(error.port))
        }
    }
}
